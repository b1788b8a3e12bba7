package io.streamswindow.aggregate;

import com.ibm.streams.operator.Attribute;
import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.Type.MetaType;
import com.ibm.streams.operator.types.RString;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Function;

/**
 * The Sum and Average output functions.
 *
 * <ul>
 *   <li>A numeric attribute gives a value of its own type ({@link NumericAccumulator}).
 *   <li>A list of numbers is summed or averaged element by element, as SPL does; all lists of the
 *       group must then have the same size.
 *   <li>Sum of a string attribute concatenates the strings in window order.
 * </ul>
 */
final class NumericAggregators {
  private NumericAggregators() {}

  /** Sum(x). */
  static GroupAggregator sum(Attribute attribute) {
    MetaType type = attribute.getType().getMetaType();
    int index = attribute.getIndex();
    if (type == MetaType.USTRING) {
      return group -> {
        StringBuilder text = new StringBuilder();
        for (Tuple tuple : group.tuples()) {
          text.append(tuple.getString(index));
        }
        return text.toString();
      };
    } else if (ValueTypes.isString(type)) {
      return group -> {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        for (Tuple tuple : group.tuples()) {
          bytes.writeBytes(((RString) tuple.getObject(index)).getData());
        }
        return new RString(bytes.toByteArray());
      };
    }
    return fold(attribute, "Sum", NumericAccumulator::sum);
  }

  /** Average(x). */
  static GroupAggregator average(Attribute attribute) {
    return fold(attribute, "Average", NumericAccumulator::average);
  }

  private static GroupAggregator fold(
      Attribute attribute, String function, Function<MetaType, NumericAccumulator> accumulator) {
    int index = attribute.getIndex();
    if (ValueTypes.isNumericList(attribute.getType())) {
      MetaType element = ValueTypes.elementType(attribute.getType()).getMetaType();
      return group -> foldColumns(group, index, element, function, attribute, accumulator);
    }
    MetaType type = attribute.getType().getMetaType();
    return group -> {
      NumericAccumulator fold = accumulator.apply(type);
      for (Tuple tuple : group.tuples()) {
        fold.addFrom(tuple, index);
      }
      return fold.result();
    };
  }

  private static List<Object> foldColumns(
      Group group,
      int index,
      MetaType element,
      String function,
      Attribute attribute,
      Function<MetaType, NumericAccumulator> accumulator) {
    List<NumericAccumulator> columns = null;
    for (Tuple tuple : group.tuples()) {
      List<?> values = tuple.getList(index);
      if (columns == null) {
        columns = new ArrayList<>(values.size());
        for (int i = 0; i < values.size(); i++) {
          columns.add(accumulator.apply(element));
        }
      } else {
        requireSameSize(function, attribute, columns.size(), values.size());
      }
      for (int i = 0; i < values.size(); i++) {
        columns.get(i).add(values.get(i));
      }
    }
    List<Object> results = new ArrayList<>(columns.size());
    for (NumericAccumulator column : columns) {
      results.add(column.result());
    }
    return Collections.unmodifiableList(results);
  }

  /** Element-wise functions need lists of one size, as SPL's runtime does. */
  static void requireSameSize(String function, Attribute attribute, int expected, int actual) {
    if (expected != actual) {
      throw new IllegalArgumentException(
          function
              + "("
              + attribute.getName()
              + ") works element by element and needs lists of one size, but the window holds"
              + " lists of sizes "
              + expected
              + " and "
              + actual);
    }
  }
}
