package io.streamswindow.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.ibm.streams.operator.AbstractOperator;
import com.ibm.streams.operator.OperatorContext;
import com.ibm.streams.operator.StreamSchema;
import com.ibm.streams.operator.StreamingInput;
import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.Type;
import com.ibm.streams.operator.control.ControlPlaneContext;
import com.ibm.streams.operator.control.Controllable;
import com.ibm.streams.operator.control.variable.ControlVariableAccessor;
import com.ibm.streams.operator.state.ConsistentRegionContext;
import javax.management.MBeanServerConnection;
import org.junit.jupiter.api.Test;

/** Control variables held by each operator instance; a controllable refused with the call named. */
class HostControlPlaneContextTest {
  private static final StreamSchema SCHEMA = Type.Factory.getStreamSchema("tuple<int64 n>");

  /** Counts its tuples in a long control variable, through AbstractOperator's accessor. */
  public static class CountsInAVariable extends AbstractOperator {
    ControlVariableAccessor<Long> count;

    @Override
    public void initialize(OperatorContext context) throws Exception {
      super.initialize(context);
      count = getControlPlaneContext().createLongControlVariable("count", true, 10L);
    }

    @Override
    public void process(StreamingInput<Tuple> port, Tuple tuple) throws Exception {
      count.setValue(count.sync().getValue() + tuple.getLong("n"));
    }
  }

  private static OperatorHost host() {
    return OperatorHost.builder(CountsInAVariable.class)
        .input("in", SCHEMA, io.streamswindow.engine.WindowSpec.notWindowed())
        .build();
  }

  @Test
  void eachInstanceHoldsItsOwnVariables() throws Exception {
    OperatorHost first = host();
    OperatorHost second = host();
    first.initialize();
    second.initialize();
    first.allPortsReady();
    first.submit(0, SCHEMA.getTuple(new Object[] {5L}));
    first.submit(0, SCHEMA.getTuple(new Object[] {2L}));
    CountsInAVariable operator = (CountsInAVariable) first.operator();
    assertEquals(17L, operator.count.getValue());
    assertEquals("count", operator.count.getName());
    assertEquals(10L, ((CountsInAVariable) second.operator()).count.getValue());

    // Created again by name: the same variable, its value kept and the initial value ignored.
    ControlPlaneContext plane =
        operator.getOperatorContext().getOptionalContext(ControlPlaneContext.class);
    assertSame(plane, operator.getOperatorContext().getOptionalContext(ControlPlaneContext.class));
    assertSame(operator.count, plane.createLongControlVariable("count", false, 0L));
    assertNotSame(
        plane,
        ((AbstractOperator) second.operator())
            .getOperatorContext()
            .getOptionalContext(ControlPlaneContext.class));

    ControlVariableAccessor<Boolean> flag = plane.createBooleanControlVariable("flag", false, true);
    flag.setValue(false);
    assertEquals(false, plane.createBooleanControlVariable("flag", false, true).getValue());
    assertEquals(0.5, plane.createDoubleControlVariable("d", true, 0.5).sync().getValue());
    assertEquals("x", plane.createStringControlVariable("s", true, "x").getValue());
    IllegalArgumentException wrongType =
        assertThrows(
            IllegalArgumentException.class,
            () -> plane.createStringControlVariable("count", true, ""));
    assertTrue(
        wrongType.getMessage().contains("holds a Long, not a String"), wrongType.getMessage());
  }

  @Test
  void connectingAControllableIsRefusedNamingTheCall() throws Exception {
    OperatorHost host = host();
    host.initialize();
    ControlPlaneContext plane =
        ((AbstractOperator) host.operator())
            .getOperatorContext()
            .getOptionalContext(ControlPlaneContext.class);
    Controllable controllable =
        new Controllable() {
          @Override
          public void event(MBeanServerConnection jcp, OperatorContext context, EventType type) {}

          @Override
          public boolean isApplicable(OperatorContext context) {
            return true;
          }

          @Override
          public void setup(MBeanServerConnection jcp, OperatorContext context) {}
        };
    UnsupportedOperationException refused =
        assertThrows(UnsupportedOperationException.class, () -> plane.connect(controllable));
    assertTrue(
        refused.getMessage().startsWith("ControlPlaneContext.connect("), refused.getMessage());
    assertTrue(refused.getMessage().contains("no job control plane"), refused.getMessage());
  }

  @Test
  void aConsistentRegionsBeanNameIsRefused() {
    ConsistentRegionContext region =
        (ConsistentRegionContext)
            java.lang.reflect.Proxy.newProxyInstance(
                getClass().getClassLoader(),
                new Class<?>[] {ConsistentRegionContext.class},
                (proxy, method, args) ->
                    java.lang.reflect.InvocationHandler.invokeDefault(proxy, method, args));
    UnsupportedOperationException refused =
        assertThrows(UnsupportedOperationException.class, region::getConsistentRegionMXBeanName);
    assertTrue(refused.getMessage().contains("getConsistentRegionMXBeanName"));
  }
}
