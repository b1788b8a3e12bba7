package io.streamswindow.harness.internal;

import com.ibm.streams.operator.model.InputPortSet;
import com.ibm.streams.operator.model.InputPorts;
import com.ibm.streams.operator.model.OutputPortSet;
import com.ibm.streams.operator.model.OutputPorts;
import java.util.function.ToIntFunction;

/**
 * Finds the port set annotation of an operator class that describes the port with a given number:
 * sets cover consecutive ports in declaration order, each as many as its cardinality (-1: all
 * remaining ports).
 */
final class PortSets {
  private PortSets() {}

  static InputPortSet input(Class<?> operatorClass, int port) {
    InputPorts many = operatorClass.getAnnotation(InputPorts.class);
    InputPortSet[] sets =
        many != null
            ? many.value()
            : operatorClass.isAnnotationPresent(InputPortSet.class)
                ? new InputPortSet[] {operatorClass.getAnnotation(InputPortSet.class)}
                : new InputPortSet[0];
    return find(sets, port, InputPortSet::cardinality);
  }

  static OutputPortSet output(Class<?> operatorClass, int port) {
    OutputPorts many = operatorClass.getAnnotation(OutputPorts.class);
    OutputPortSet[] sets =
        many != null
            ? many.value()
            : operatorClass.isAnnotationPresent(OutputPortSet.class)
                ? new OutputPortSet[] {operatorClass.getAnnotation(OutputPortSet.class)}
                : new OutputPortSet[0];
    return find(sets, port, OutputPortSet::cardinality);
  }

  private static <S> S find(S[] sets, int port, ToIntFunction<S> cardinality) {
    int first = 0;
    for (S set : sets) {
      int size = cardinality.applyAsInt(set);
      if (size < 0 || port < first + size) {
        return set;
      }
      first += size;
    }
    return null;
  }
}
