package com.ibm.streams.operator.management;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Hashtable;
import org.junit.jupiter.api.Test;

class OperatorManagementTest {

  @Test
  void objectNamesAreIbmsAndTheBeanProxiesRefuseSayingWhatToUse() throws Exception {
    assertEquals("com.ibm.streams.operator:type=pe", OperatorManagement.getPEName().toString());
    assertEquals(
        "com.ibm.streams.operator:name=m1,type=metric",
        OperatorManagement.getName(OperatorManagement.Type.METRIC, "m1").getCanonicalName());
    Hashtable<String, String> keys = new Hashtable<>();
    MetricMXBean.MetricType.OPERATOR_INPUT_PORT.addType(keys);
    assertEquals(
        "com.ibm.streams.operator:metric=operatorInputPort,operator=op,type=metric",
        OperatorManagement.getOperatorSpecificName("op", OperatorManagement.Type.METRIC, null, keys)
            .getCanonicalName());
    UnsupportedOperationException refused =
        assertThrows(
            UnsupportedOperationException.class, OperatorManagement::getProcessingElementMXBean);
    assertTrue(
        refused.getMessage().startsWith("OperatorManagement.getProcessingElementMXBean:"),
        refused.getMessage());
  }
}
