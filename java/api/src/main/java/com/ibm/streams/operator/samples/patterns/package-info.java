/**
 * Base classes for common kinds of operator, as IBM ships them beside its API: sources that start
 * after a delay ({@code TupleProducer}), run one loop on a thread of their own ({@code
 * ProcessTupleProducer}) or poll at a fixed rate ({@code PollingTupleProducer}, {@code
 * PollingSingleTupleProducer}); sinks that take their tuples in batches ({@code TupleConsumer});
 * and one-in, one-out operators ({@code TupleInTupleOut}). They use only the operator API, so they
 * run the same in the harness and on Spark (docs/porting.md, "IBM's operator patterns").
 */
package com.ibm.streams.operator.samples.patterns;
