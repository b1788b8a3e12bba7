package io.streamswindow.runtime;

import com.ibm.streams.operator.OutputTuple;
import com.ibm.streams.operator.StreamSchema;
import com.ibm.streams.operator.Tuple;
import io.streamswindow.engine.DeltaResolver;
import io.streamswindow.engine.TupleCodec;
import io.streamswindow.schema.SchemaDeltaResolver;
import io.streamswindow.schema.SchemaTupleCodec;
import io.streamswindow.schema.SplSchema;

/**
 * The one doorway of the host and the harness to the schema implementation ({@code
 * io.streamswindow.schema}): new output tuples, the checkpoint codec and the delta resolver of a
 * port's schema.
 */
public final class SchemaSupport {
  private SchemaSupport() {}

  /**
   * Creates a tuple of {@code schema} with every attribute at its default value.
   *
   * @param schema the schema
   * @return a new mutable tuple
   */
  public static OutputTuple newOutputTuple(StreamSchema schema) {
    return SplSchema.from(schema).newOutputTuple();
  }

  /**
   * Returns the codec that writes tuples of {@code schema} into window checkpoints.
   *
   * @param schema the schema
   * @return the codec
   */
  public static TupleCodec<Tuple> codec(StreamSchema schema) {
    return new SchemaTupleCodec(schema);
  }

  /**
   * Returns the resolver of delta policies on attributes of {@code schema}.
   *
   * @param schema the schema
   * @return the resolver; it throws {@code IllegalArgumentException} naming the attribute for an
   *     unknown or non-numeric attribute or a delta of the wrong type
   */
  public static DeltaResolver<Tuple> deltaResolver(StreamSchema schema) {
    return new SchemaDeltaResolver(schema);
  }
}
