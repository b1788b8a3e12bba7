package io.streamswindow.conformance;

import com.ibm.streams.operator.Attribute;
import com.ibm.streams.operator.StreamSchema;
import com.ibm.streams.operator.window.StreamWindow;
import io.streamswindow.clause.WindowClauseParser;
import io.streamswindow.engine.PartitionEvictionSpec;
import io.streamswindow.engine.PolicySpec;
import io.streamswindow.engine.WindowSpec;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns an SPL window clause into the IBM harness builder calls that declare the same window, so
 * every scenario, clause or not, is declared through IBM's {@code InputPortDeclaration}.
 *
 * <p>SPL types a delta literal by its attribute (the SPL compiler rejects a mismatch), while IBM's
 * harness demands the attribute's own Java type; so a numeric delta from the clause is converted to
 * that type here: Double for float64, Integer for int32, Long for int64, and a Double of seconds
 * for a timestamp. A delta on any other type is passed on unchanged for the harness to reject.
 */
final class ClauseDeclaration {
  private ClauseDeclaration() {}

  /** The builder calls for {@code clause} on a port of {@code schema}. */
  static List<DeclarationCall> calls(String clause, StreamSchema schema) {
    WindowSpec spec = WindowClauseParser.parse(clause);
    List<DeclarationCall> calls = new ArrayList<>();
    calls.add(call(spec.type() == StreamWindow.Type.TUMBLING ? "tumbling" : "sliding"));
    if (spec.isPartitioned()) {
      calls.add(call("partitioned"));
    }
    calls.add(policy("evict", spec.eviction(), schema));
    if (spec.trigger() != null) {
      calls.add(policy("trigger", spec.trigger(), schema));
    }
    PartitionEvictionSpec partitionEviction = spec.partitionEviction();
    if (partitionEviction != null) {
      calls.add(
          switch (partitionEviction.kind()) {
            case PARTITION_AGE -> call("partitionEvictionAge", partitionEviction.seconds());
            case PARTITION_COUNT -> call("partitionEvictionCount", partitionEviction.count());
            case TUPLE_COUNT -> call("partitionEvictionTupleCount", partitionEviction.count());
          });
    }
    return calls;
  }

  private static DeclarationCall policy(String prefix, PolicySpec policy, StreamSchema schema) {
    return switch (policy.kind()) {
      case COUNT -> call(prefix + "Count", policy.count());
      case TIME -> call(prefix + "Time", policy.seconds());
      case PUNCTUATION -> call(prefix + "Punctuation");
      case DELTA ->
          call(
              prefix + "Delta",
              policy.attribute(),
              deltaFor(schema.getAttribute(policy.attribute()), policy.delta()));
      case NONE -> throw new IllegalStateException("a declared window has no NONE policy");
    };
  }

  private static Object deltaFor(Attribute attribute, Object delta) {
    if (attribute == null || !(delta instanceof Number number)) {
      return delta;
    }
    return switch (attribute.getType().getMetaType()) {
      case FLOAT64, TIMESTAMP -> number.doubleValue();
      case FLOAT32 -> number.floatValue();
      case INT64, UINT64 -> number.longValue();
      case INT32, UINT32 -> number.intValue();
      case INT16, UINT16 -> number.shortValue();
      case INT8, UINT8 -> number.byteValue();
      default -> delta;
    };
  }

  private static DeclarationCall call(String method, Object... arguments) {
    return new DeclarationCall(method, List.of(arguments));
  }
}
