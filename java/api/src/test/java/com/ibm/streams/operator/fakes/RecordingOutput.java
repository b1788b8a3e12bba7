package com.ibm.streams.operator.fakes;

import com.ibm.streams.operator.OutputTuple;
import com.ibm.streams.operator.StreamingData.Punctuation;
import com.ibm.streams.operator.StreamingOutput;
import com.ibm.streams.operator.Tuple;
import java.util.ArrayList;
import java.util.List;

/** An output port that records what is submitted to it: tuples and punctuation marks, in order. */
public final class RecordingOutput {

  /** Everything submitted: {@link Tuple}s and {@link Punctuation}s. */
  public final List<Object> items = new ArrayList<>();

  private final StreamingOutput<OutputTuple> port = Fakes.of(StreamingOutput.class, this);

  /** Returns the port. */
  @SuppressWarnings("unchecked")
  public StreamingOutput<OutputTuple> port() {
    return port;
  }

  public boolean submit(Object tuple) {
    items.add(tuple);
    return true;
  }

  public boolean submit(Tuple tuple) {
    items.add(tuple);
    return true;
  }

  public boolean punctuate(Punctuation mark) {
    items.add(mark);
    return true;
  }
}
