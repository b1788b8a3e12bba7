package com.ibm.streams.operator.state;

import java.io.IOException;
import java.util.List;

/** A state handler that appends each call, tagged with its name, to a shared log. */
class RecordingHandler implements StateHandler {

  private final String name;
  private final List<String> log;
  private final Exception failure;

  RecordingHandler(String name, List<String> log) {
    this(name, log, null);
  }

  RecordingHandler(String name, List<String> log, Exception failure) {
    this.name = name;
    this.log = log;
    this.failure = failure;
  }

  private void record(String call) throws Exception {
    log.add(name + "." + call);
    if (failure != null) {
      throw failure;
    }
  }

  @Override
  public void close() throws IOException {
    log.add(name + ".close");
    if (failure instanceof IOException) {
      throw (IOException) failure;
    }
  }

  @Override
  public void drain() throws Exception {
    record("drain");
  }

  @Override
  public void reset(Checkpoint checkpoint) throws Exception {
    record("reset" + checkpoint.getSequenceId());
  }

  @Override
  public void checkpoint(Checkpoint checkpoint) throws Exception {
    record("checkpoint" + checkpoint.getSequenceId());
  }

  @Override
  public void retireCheckpoint(long id) throws Exception {
    record("retire" + id);
  }

  @Override
  public void resetToInitialState() throws Exception {
    record("resetToInitialState");
  }

  @Override
  public void prepareForNonBlockingCheckpoint(long id) throws Exception {
    record("prepare" + id);
  }

  @Override
  public void regionCheckpointed(long id) throws Exception {
    record("regionCheckpointed" + id);
  }
}
