package io.streamswindow.harness.internal;

import com.ibm.streams.operator.StreamingData.Punctuation;
import com.ibm.streams.operator.Tuple;
import io.streamswindow.runtime.OperatorHost;

/**
 * The entrance of one input port of a running operator. An input port fed by several streams
 * receives its final mark once, when the last of them has sent one (IBM's rule).
 */
final class InputFeed {
  private final OperatorHost host;
  private final int port;
  private int streamsOpen;

  InputFeed(OperatorHost host, int port, int streams) {
    this.host = host;
    this.port = port;
    this.streamsOpen = Math.max(1, streams);
  }

  void tuple(Tuple tuple) throws Exception {
    host.submit(port, tuple);
  }

  void mark(Punctuation mark) throws Exception {
    if (mark == Punctuation.FINAL_MARKER) {
      synchronized (this) {
        if (streamsOpen == 0 || --streamsOpen > 0) {
          return;
        }
      }
    }
    host.punctuate(port, mark);
  }
}
