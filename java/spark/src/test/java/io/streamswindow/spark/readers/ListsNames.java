package io.streamswindow.spark.readers;

import com.ibm.streams.operator.AbstractOperator;
import com.ibm.streams.operator.OperatorContext;

/** Lists its parameters in initialize. */
public class ListsNames extends AbstractOperator {
  @Override
  public synchronized void initialize(OperatorContext context) throws Exception {
    super.initialize(context);
    context.getParameterNames();
  }
}
