package com.ibm.streams.operator.samples.patterns;

import com.ibm.streams.operator.OperatorContext;

/**
 * A source whose work is one method, {@link #process()}, run on a thread of its own once the ports
 * are ready (after the initial delay, if any). The operator is complete when {@code process()}
 * returns: its thread is not a daemon, so the runtime waits for it. {@link #shutdown()} interrupts
 * it.
 *
 * <pre>{@code
 * public class Countdown extends ProcessTupleProducer {
 *   protected void process() throws Exception {
 *     for (int i = 10; i > 0 && !Thread.interrupted(); i--) {
 *       OutputTuple tuple = getOutput(0).newTuple();
 *       tuple.setInt("n", i);
 *       getOutput(0).submit(tuple);
 *     }
 *     getOutput(0).punctuate(StreamingData.Punctuation.FINAL_MARKER);
 *   }
 * }
 * }</pre>
 */
public abstract class ProcessTupleProducer extends TupleProducer {
  private Thread processThread;

  /** Makes the operator. */
  public ProcessTupleProducer() {}

  /**
   * Initializes the operator and makes, without starting it, the non-daemon thread that will run
   * {@link #process()}, from the context's thread factory.
   */
  @Override
  public synchronized void initialize(OperatorContext context) throws Exception {
    super.initialize(context);
    processThread =
        getOperatorContext()
            .getThreadFactory()
            .newThread(
                () -> {
                  try {
                    process();
                  } catch (Exception e) {
                    throw new RuntimeException(e);
                  }
                });
    processThread.setDaemon(false);
  }

  /** Does nothing: override {@link #initialize(OperatorContext)}. */
  @Override
  @Deprecated
  protected final void producerInitialize() {}

  /** Starts the thread that runs {@link #process()}. */
  @Override
  protected synchronized void startProcessing() {
    processThread.start();
  }

  /**
   * Produces the tuples. The operator completes when it returns; everything {@code initialize} did
   * is visible here.
   *
   * @throws Exception what the subclass throws; it fails the operator's thread
   */
  protected abstract void process() throws Exception;

  /** Interrupts the thread that runs {@link #process()}. A subclass that overrides it calls it. */
  @Override
  public synchronized void shutdown() throws Exception {
    if (processThread != null) {
      processThread.interrupt();
      processThread = null;
    }
    super.shutdown();
  }
}
