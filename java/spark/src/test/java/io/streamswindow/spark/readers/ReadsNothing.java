package io.streamswindow.spark.readers;

import com.ibm.streams.operator.AbstractOperator;

/** Reads no parameter. */
public class ReadsNothing extends AbstractOperator {}
