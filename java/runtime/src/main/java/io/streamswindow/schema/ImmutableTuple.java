package io.streamswindow.schema;

import com.ibm.streams.operator.Tuple;

/**
 * A tuple whose values never change: what windows hold, what operators receive and what {@link
 * SplSchema#getTuple} and {@link MutableOutputTuple#asReadOnlyTuple()} return.
 *
 * <p>Thread-safe; safe to share and to use as a map key. Serializable (the schema travels as its
 * SPL spelling).
 */
public final class ImmutableTuple extends AbstractSchemaTuple {
  private static final long serialVersionUID = 1L;

  private transient int hash;

  /** Takes ownership of the arrays, which must already hold the values as tuples keep them. */
  ImmutableTuple(SplSchema schema, Object[] values, long[] bits) {
    super(schema, values, bits);
  }

  /** Returns this tuple: it is already read-only. */
  @Override
  public Tuple asReadOnlyTuple() {
    return this;
  }

  @Override
  public int hashCode() {
    int h = hash;
    if (h == 0) {
      h = super.hashCode();
      hash = h;
    }
    return h;
  }
}
