package io.streamswindow.spark.setters.elsewhere;

import com.ibm.streams.operator.OutputTuple;

/** Code outside an operator's package that sets the attributes of the tuples it is handed. */
public final class TupleFiller {
  private TupleFiller() {}

  /** Sets every attribute of {@code tuple} from a source its caller cannot see. */
  public static void fill(OutputTuple tuple) {
    for (int i = 0; i < tuple.getStreamSchema().getAttributeCount(); i++) {
      tuple.setString(i, "filled");
    }
  }
}
