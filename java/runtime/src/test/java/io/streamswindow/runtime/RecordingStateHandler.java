package io.streamswindow.runtime;

import com.ibm.streams.operator.state.Checkpoint;
import com.ibm.streams.operator.state.StateHandler;
import java.util.List;

/** A state handler that logs its calls into a shared log and saves one int through checkpoints. */
class RecordingStateHandler implements StateHandler {
  final String name;
  final List<String> log;
  int value;
  Checkpoint lastCheckpoint;

  RecordingStateHandler(String name, List<String> log) {
    this.name = name;
    this.log = log;
  }

  @Override
  public void drain() {
    log.add(name + ".drain");
  }

  @Override
  public void checkpoint(Checkpoint checkpoint) throws Exception {
    log.add(name + ".checkpoint(" + checkpoint.getSequenceId() + ")");
    lastCheckpoint = checkpoint;
    checkpoint.getOutputStream().writeInt(value);
  }

  @Override
  public void reset(Checkpoint checkpoint) throws Exception {
    log.add(name + ".reset(" + checkpoint.getSequenceId() + ")");
    lastCheckpoint = checkpoint;
    value = checkpoint.getInputStream().readInt();
  }

  @Override
  public void resetToInitialState() {
    log.add(name + ".resetToInitialState");
    value = 0;
  }

  @Override
  public void retireCheckpoint(long id) {
    log.add(name + ".retire(" + id + ")");
  }

  @Override
  public void regionCheckpointed(long id) {
    log.add(name + ".regionCheckpointed(" + id + ")");
  }

  @Override
  public void close() {
    log.add(name + ".close");
  }
}
