package io.streamswindow.runtime;

import com.ibm.streams.operator.Attribute;
import com.ibm.streams.operator.StreamingInput;
import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.TupleAttribute;

/**
 * The value of an attribute parameter ({@code setAttributeParameter("key", "id")}) as a setter
 * taking {@code TupleAttribute<Tuple, A>} receives it: an attribute of one input port.
 *
 * @param <A> the attribute's Java object type
 */
final class HostTupleAttribute<A> implements TupleAttribute<Tuple, A> {
  private final StreamingInput<Tuple> port;
  private final Attribute attribute;
  private final Class<A> type;

  HostTupleAttribute(StreamingInput<Tuple> port, Attribute attribute, Class<A> type) {
    this.port = port;
    this.attribute = attribute;
    this.type = type;
  }

  @Override
  public StreamingInput<Tuple> getPort() {
    return port;
  }

  @Override
  public Attribute getAttribute() {
    return attribute;
  }

  @Override
  public A getValue(Tuple tuple) {
    return type.cast(tuple.getObject(attribute.getIndex()));
  }

  @Override
  public String toString() {
    return port.getName() + "." + attribute.getName();
  }
}
