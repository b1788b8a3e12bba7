package io.streamswindow.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.ibm.streams.operator.AbstractOperator;
import com.ibm.streams.operator.StreamSchema;
import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.TupleAttribute;
import com.ibm.streams.operator.Type;
import com.ibm.streams.operator.model.Parameter;
import com.ibm.streams.operator.types.RString;
import io.streamswindow.engine.ManualClock;
import io.streamswindow.engine.WindowSpec;
import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;

class ParameterInjectorTest {
  private static final StreamSchema SCHEMA =
      Type.Factory.getStreamSchema("tuple<rstring id, int32 n>");

  enum Mode {
    FAST,
    SLOW
  }

  /** Every kind of parameter setter the host supports. */
  public static class ParameterOperator extends AbstractOperator {
    String text;
    boolean flag;
    int count;
    long big;
    double ratio;
    float small;
    short tiny;
    byte octet;
    BigDecimal money;
    List<String> tags;
    List<Integer> sizes;
    int[] limits;
    String[] names;
    Mode mode;
    TupleAttribute<Tuple, RString> key;
    String required;
    String untouched = "default";

    @Parameter
    public void setText(String text) {
      this.text = text;
    }

    @Parameter(name = "enabled")
    public void setFlag(boolean flag) {
      this.flag = flag;
    }

    @Parameter
    public void setCount(int count) {
      this.count = count;
    }

    @Parameter
    public void setBig(long big) {
      this.big = big;
    }

    @Parameter
    public void setRatio(double ratio) {
      this.ratio = ratio;
    }

    @Parameter
    public void setSmall(float small) {
      this.small = small;
    }

    @Parameter
    public void setTiny(short tiny) {
      this.tiny = tiny;
    }

    @Parameter
    public void setOctet(Byte octet) {
      this.octet = octet;
    }

    @Parameter
    public void setMoney(BigDecimal money) {
      this.money = money;
    }

    @Parameter
    public void setTags(List<String> tags) {
      this.tags = tags;
    }

    @Parameter
    public void setSizes(List<Integer> sizes) {
      this.sizes = sizes;
    }

    @Parameter
    public void setLimits(int[] limits) {
      this.limits = limits;
    }

    @Parameter
    public void setNames(String[] names) {
      this.names = names;
    }

    @Parameter
    public void setMode(Mode mode) {
      this.mode = mode;
    }

    @Parameter
    public void setKey(TupleAttribute<Tuple, RString> key) {
      this.key = key;
    }

    @Parameter(optional = false)
    public void setRequired(String required) {
      this.required = required;
    }

    @Parameter
    public void setUntouched(String untouched) {
      this.untouched = untouched;
    }
  }

  private static OperatorHostBuilder builder() {
    return OperatorHost.builder(ParameterOperator.class)
        .input("in", SCHEMA, WindowSpec.notWindowed())
        .clock(ManualClock.create())
        .parameter("required", "yes");
  }

  @Test
  void everySupportedTypeIsSet() throws Exception {
    OperatorHost host =
        builder()
            .parameter("text", "hello")
            .parameter("enabled", "true")
            .parameter("count", "3")
            .parameter("big", "12345678901")
            .parameter("ratio", "0.25")
            .parameter("small", "1.5")
            .parameter("tiny", "7")
            .parameter("octet", "8")
            .parameter("money", "10.05")
            .parameter("tags", "a", "b")
            .parameter("sizes", "1", "2")
            .parameter("limits", "4", "5", "6")
            .parameter("names", "x")
            .parameter("mode", "SLOW")
            .parameter("key", "in.id")
            .build();
    host.initialize();
    ParameterOperator op = (ParameterOperator) host.operator();
    assertEquals("hello", op.text);
    assertTrue(op.flag);
    assertEquals(3, op.count);
    assertEquals(12345678901L, op.big);
    assertEquals(0.25, op.ratio);
    assertEquals(1.5f, op.small);
    assertEquals(7, op.tiny);
    assertEquals(8, op.octet);
    assertEquals(new BigDecimal("10.05"), op.money);
    assertEquals(List.of("a", "b"), op.tags);
    assertEquals(List.of(1, 2), op.sizes);
    assertArrayEquals(new int[] {4, 5, 6}, op.limits);
    assertArrayEquals(new String[] {"x"}, op.names);
    assertEquals(Mode.SLOW, op.mode);
    assertEquals("yes", op.required);
    assertEquals("default", op.untouched, "an unset optional parameter is left alone");
    assertSame(host.inputs().get(0), op.key.getPort());
    assertEquals("id", op.key.getAttribute().getName());
    assertEquals("k", op.key.getValue(SCHEMA.getTuple(new Object[] {"k", 1})).getString());
    assertEquals(List.of("a", "b"), host.context().getParameterValues("tags"));
  }

  @Test
  void anAttributeNameAloneFindsItsPort() throws Exception {
    OperatorHost host = builder().parameter("key", "id").build();
    host.initialize();
    assertEquals("id", ((ParameterOperator) host.operator()).key.getAttribute().getName());
  }

  @Test
  void aMissingRequiredParameterNamesIt() {
    OperatorHost host =
        OperatorHost.builder(ParameterOperator.class).clock(ManualClock.create()).build();
    IllegalArgumentException missing =
        assertThrows(IllegalArgumentException.class, host::initialize);
    assertTrue(missing.getMessage().contains("'required'"), missing.getMessage());
    assertTrue(missing.getMessage().contains("not set"), missing.getMessage());
    assertNull(((ParameterOperator) host.operator()).required);
  }

  @Test
  void aValueThatDoesNotConvertNamesParameterValueAndType() {
    IllegalArgumentException bad =
        assertThrows(
            IllegalArgumentException.class,
            () -> builder().parameter("count", "three").build().initialize());
    assertTrue(bad.getMessage().contains("'count'"), bad.getMessage());
    assertTrue(bad.getMessage().contains("'three'"), bad.getMessage());
    assertTrue(bad.getMessage().contains("int"), bad.getMessage());

    IllegalArgumentException notBoolean =
        assertThrows(
            IllegalArgumentException.class,
            () -> builder().parameter("enabled", "yes").build().initialize());
    assertTrue(notBoolean.getMessage().contains("'enabled'"), notBoolean.getMessage());
  }

  @Test
  void aSingleValuedSetterRefusesSeveralValues() {
    IllegalArgumentException many =
        assertThrows(
            IllegalArgumentException.class,
            () -> builder().parameter("text", "a", "b").build().initialize());
    assertTrue(many.getMessage().contains("takes one value"), many.getMessage());
  }

  /** A @Parameter method that is not a one-argument setter. */
  public static class TwoArgumentParameterOperator extends AbstractOperator {
    @Parameter(name = "pair", optional = true)
    public void setPair(String first, String second) {}
  }

  @Test
  void aParameterMethodWithTwoArgumentsIsRefusedByName() {
    IllegalStateException refused =
        assertThrows(
            IllegalStateException.class,
            () ->
                OperatorHost.builder(TwoArgumentParameterOperator.class)
                    .clock(ManualClock.create())
                    .build()
                    .initialize());
    assertTrue(refused.getMessage().contains("setPair"), refused.getMessage());
    assertTrue(refused.getMessage().contains("exactly one argument"), refused.getMessage());
  }

  @Test
  void operatorsOfOneClassEachGetTheirOwnValues() throws Exception {
    // The setters are looked up once per class: a second instance must still get its own values.
    OperatorHost first = builder().parameter("count", "1").build();
    OperatorHost second = builder().parameter("count", "2").build();
    first.initialize();
    second.initialize();
    assertEquals(1, ((ParameterOperator) first.operator()).count);
    assertEquals(2, ((ParameterOperator) second.operator()).count);
  }

  @Test
  void anUnknownAttributeIsRefused() {
    IllegalArgumentException unknown =
        assertThrows(
            IllegalArgumentException.class,
            () -> builder().parameter("key", "nope").build().initialize());
    assertTrue(unknown.getMessage().contains("'nope'"), unknown.getMessage());
  }
}
