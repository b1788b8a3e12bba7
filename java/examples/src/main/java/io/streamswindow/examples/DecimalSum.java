package io.streamswindow.examples;

import com.ibm.streams.operator.Attribute;
import com.ibm.streams.operator.OperatorContext;
import com.ibm.streams.operator.OutputTuple;
import com.ibm.streams.operator.StreamSchema;
import com.ibm.streams.operator.StreamingData.Punctuation;
import com.ibm.streams.operator.StreamingOutput;
import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.Type.MetaType;
import com.ibm.streams.operator.model.InputPortSet;
import com.ibm.streams.operator.model.InputPorts;
import com.ibm.streams.operator.model.OutputPortSet;
import com.ibm.streams.operator.model.OutputPorts;
import com.ibm.streams.operator.model.Parameter;
import com.ibm.streams.operator.model.PrimitiveOperator;
import com.ibm.streams.operator.window.AbstractWindowOperator;
import com.ibm.streams.operator.window.StreamWindow;
import com.ibm.streams.operator.window.StreamWindowEvent;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Set;

/**
 * Sums a decimal attribute over each window in the attribute's own SPL arithmetic: every addition
 * is rounded to the precision of its type ({@code decimal32}: 7 digits, {@code decimal64}: 16,
 * {@code decimal128}: 34), as SPL code adding two values of that type does. So the same values give
 * other sums as {@code decimal64} and as {@code decimal128}: three times {@code 9999999999.999999}
 * is {@code 30000000000} in 16 digits and {@code 29999999999.999997} in 34.
 *
 * <p>On every tumble (tumbling windows) or trigger (sliding windows) it submits one tuple, then a
 * window marker. The output attribute {@code total} (a decimal) receives the sum and {@code count}
 * (an {@code int64}), when declared, the number of tuples; every other output attribute is copied
 * from the window's last tuple where its name and type match.
 *
 * <p>Written as an IBM Streams Java operator, against IBM's API only. Example (PySpark): a Spark
 * decimal column is a {@code decimal128} attribute unless {@code spl_types} says otherwise:
 *
 * <pre>{@code
 * sw.run_operator(df, "io.streamswindow.examples.DecimalSum", window="tumbling, count(3)",
 *                 params={"attr": "amount"}, spl_types={"amount": "decimal64"},
 *                 output_schema="total decimal(38,18)")
 * }</pre>
 */
@PrimitiveOperator(
    name = "DecimalSum",
    description = "Sums a decimal attribute over each window in its own precision")
@InputPorts(@InputPortSet(cardinality = 1, windowingMode = InputPortSet.WindowMode.Windowed))
@OutputPorts(@OutputPortSet(cardinality = 1))
public class DecimalSum extends AbstractWindowOperator {
  private static final Set<MetaType> DECIMALS =
      Set.of(MetaType.DECIMAL32, MetaType.DECIMAL64, MetaType.DECIMAL128);

  private String attr;
  private MathContext context;

  /** The decimal attribute to sum. */
  @Parameter(name = "attr", optional = false, description = "The decimal attribute to sum")
  public void setAttr(String attr) {
    this.attr = attr;
  }

  @Override
  public void initialize(OperatorContext context) throws Exception {
    super.initialize(context);
    this.context =
        decimalAttribute(getInput(0).getStreamSchema(), attr)
            .getType()
            .getMetaType()
            .getMathContext();
    StreamWindow<Tuple> window = getInput(0).getStreamWindow();
    boolean tumbling = window.getType() == StreamWindow.Type.TUMBLING;
    StreamingOutput<OutputTuple> out = getOutput(0);
    window.registerListener(
        (StreamWindowEvent<Tuple> event) -> {
          StreamWindowEvent.Type type = event.getType();
          if ((tumbling && type == StreamWindowEvent.Type.EVICTION)
              || (!tumbling && type == StreamWindowEvent.Type.TRIGGER)) {
            submitSum(out, event.getTuples());
          }
        },
        false);
  }

  /**
   * The attribute the parameter names, which must be a decimal: checked in {@code initialize}, so
   * that on Spark the plan is refused before any job runs.
   */
  private static Attribute decimalAttribute(StreamSchema schema, String name) {
    Attribute attribute = schema.getAttribute(name);
    if (attribute == null) {
      throw new IllegalArgumentException(
          "Parameter attr names '"
              + name
              + "', which is not an input attribute; the input attributes are: "
              + String.join(", ", schema.getAttributeNames()));
    }
    if (!DECIMALS.contains(attribute.getType().getMetaType())) {
      throw new IllegalArgumentException(
          "Parameter attr names '"
              + name
              + "', of SPL type "
              + attribute.getType().getLanguageType()
              + "; DecimalSum sums decimal32, decimal64 or decimal128 attributes");
    }
    return attribute;
  }

  private void submitSum(StreamingOutput<OutputTuple> out, Iterable<Tuple> tuples)
      throws Exception {
    BigDecimal total = BigDecimal.ZERO;
    long count = 0;
    Tuple last = null;
    for (Tuple t : tuples) {
      total = total.add(t.getBigDecimal(attr), context);
      count++;
      last = t;
    }
    if (last != null) {
      OutputTuple result = out.newTuple();
      result.assign(last);
      StreamSchema schema = result.getStreamSchema();
      if (schema.getAttribute("total") != null) {
        result.setBigDecimal("total", total);
      }
      if (schema.getAttribute("count") != null) {
        result.setLong("count", count);
      }
      out.submit(result);
    }
    out.punctuate(Punctuation.WINDOW_MARKER);
  }
}
