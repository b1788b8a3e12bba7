package com.ibm.streams.operator.management;

import com.ibm.streams.operator.OperatorContext;
import java.util.Hashtable;
import java.util.Locale;
import javax.management.MalformedObjectNameException;
import javax.management.ObjectName;

/**
 * The object names of the management beans IBM's runtime registers for operators, and proxies to
 * them. The names are computed as on Streams ({@code com.ibm.streams.operator:type=pe}, {@code
 * com.ibm.streams.operator:type=operatorcontext,name=op}); streams-window registers no beans under
 * them (docs/porting.md, "Management beans"), so the two proxy getters refuse with a message that
 * says what to use instead.
 *
 * <pre>{@code
 * ObjectName name = OperatorManagement.getName(context);
 * // com.ibm.streams.operator:name=<operator name>,type=operatorcontext
 * }</pre>
 */
public class OperatorManagement {

  /** The domain of the operators' management beans. */
  public static final String STREAMS_OPERATOR_JMX_DOMAIN = "com.ibm.streams.operator";

  private OperatorManagement() {}

  /** The kinds of bean, the {@code type} key of their object names. */
  public enum Type {
    /** A processing element's {@link ProcessingElementMXBean}. */
    PE,
    /** An operator's {@link OperatorContextMXBean}. */
    OPERATORCONTEXT,
    /** A metric's {@link MetricMXBean}. */
    METRIC;

    /**
     * Returns the value of the {@code type} key: the constant's name in lower case.
     *
     * @return for example {@code operatorcontext}
     */
    public String type() {
      return name().toLowerCase(Locale.US);
    }
  }

  /**
   * Returns the object name {@code com.ibm.streams.operator:type=<type>[,name=<name>]}.
   *
   * @param type the bean's kind
   * @param name the {@code name} key, or null for none
   * @return the object name
   * @throws MalformedObjectNameException when {@code name} is not a valid key value
   */
  public static ObjectName getName(OperatorManagement.Type type, String name)
      throws MalformedObjectNameException {
    Hashtable<String, String> keys = new Hashtable<>();
    keys.put("type", type.type());
    if (name != null) {
      keys.put("name", name);
    }
    return new ObjectName(STREAMS_OPERATOR_JMX_DOMAIN, keys);
  }

  /**
   * Returns an object name of a bean that belongs to one operator: the given properties plus {@code
   * operator}, and {@code type} and {@code name} when they are not null.
   *
   * @param operatorName the operator's name
   * @param type the bean's kind, or null
   * @param name the {@code name} key, or null
   * @param properties more key properties, or null; the map is changed
   * @return the object name
   * @throws MalformedObjectNameException when a value is not a valid key value
   */
  public static ObjectName getOperatorSpecificName(
      String operatorName,
      OperatorManagement.Type type,
      String name,
      Hashtable<String, String> properties)
      throws MalformedObjectNameException {
    Hashtable<String, String> keys = properties == null ? new Hashtable<>() : properties;
    if (type != null) {
      keys.put("type", type.type());
    }
    if (name != null) {
      keys.put("name", name);
    }
    keys.put("operator", operatorName);
    return new ObjectName(STREAMS_OPERATOR_JMX_DOMAIN, keys);
  }

  /**
   * Returns the object name of an operator's {@link OperatorContextMXBean}.
   *
   * @param context the operator's context
   * @return {@code com.ibm.streams.operator:type=operatorcontext,name=<operator name>}
   */
  public static ObjectName getName(OperatorContext context) {
    return wellFormed(Type.OPERATORCONTEXT, context.getName());
  }

  /**
   * Returns the object name of the processing element's {@link ProcessingElementMXBean}.
   *
   * @return {@code com.ibm.streams.operator:type=pe}
   */
  public static ObjectName getPEName() {
    return wellFormed(Type.PE, null);
  }

  private static ObjectName wellFormed(Type type, String name) {
    try {
      return getName(type, name);
    } catch (MalformedObjectNameException e) {
      throw new IllegalArgumentException(
          "OperatorManagement: '" + name + "' cannot be an object name's value", e);
    }
  }

  /**
   * Not supported by streams-window, which registers no management beans.
   *
   * @param context the operator's context
   * @return never
   * @throws UnsupportedOperationException always, saying what to use instead
   */
  public static OperatorContextMXBean getOperatorContextMXBean(OperatorContext context) {
    throw new UnsupportedOperationException(
        "OperatorManagement.getOperatorContextMXBean: streams-window registers no management"
            + " beans; read the operator's name, channels and metrics from its OperatorContext,"
            + " and run code at all-ports-ready or shutdown with OperatorLifeCycle");
  }

  /**
   * Not supported by streams-window, which registers no management beans.
   *
   * @return never
   * @throws UnsupportedOperationException always, saying what to use instead
   */
  public static ProcessingElementMXBean getProcessingElementMXBean() {
    throw new UnsupportedOperationException(
        "OperatorManagement.getProcessingElementMXBean: streams-window registers no management"
            + " beans; read the job, directories and configuration from"
            + " OperatorContext.getPE() (ProcessingElement)");
  }
}
