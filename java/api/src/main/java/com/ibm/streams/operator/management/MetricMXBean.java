package com.ibm.streams.operator.management;

import com.ibm.streams.operator.metrics.Metric;
import com.ibm.streams.operator.metrics.Metric.Kind;
import java.util.Hashtable;

/**
 * The management bean of one {@link Metric}, as IBM's runtime registers them in the platform MBean
 * server. streams-window registers no management beans (docs/porting.md, "Management beans"): read
 * metrics from {@code OperatorContext.getMetrics()} instead. The type and its constants are here so
 * that code naming them compiles.
 *
 * <pre>{@code
 * Hashtable<String, String> keys = new Hashtable<>();
 * MetricMXBean.MetricType.CUSTOM.addType(keys);   // keys: metric=custom
 * }</pre>
 */
public interface MetricMXBean {

  /** The key, in a metric bean's object name, whose value is the {@link MetricType#type()}. */
  String METRIC_PROPERTY = "metric";

  /** What a metric bean measures. */
  enum MetricType {
    /** A custom metric of the operator. */
    CUSTOM {
      @Override
      public String type() {
        return "custom";
      }
    },
    /** A system metric of an input port. */
    OPERATOR_INPUT_PORT {
      @Override
      public String type() {
        return "operatorInputPort";
      }
    },
    /** A system metric of an output port. */
    OPERATOR_OUTPUT_PORT {
      @Override
      public String type() {
        return "operatorOutputPort";
      }
    };

    /**
     * Returns the value of {@link #METRIC_PROPERTY} for this kind of bean.
     *
     * @return {@code custom}, {@code operatorInputPort} or {@code operatorOutputPort}
     */
    public abstract String type();

    /**
     * Puts {@code metric=}{@link #type()} into the key properties of an object name.
     *
     * @param objectNameProperties the properties to add to
     */
    public void addType(final Hashtable<String, String> objectNameProperties) {
      objectNameProperties.put(METRIC_PROPERTY, type());
    }
  }

  /**
   * Returns the metric's name.
   *
   * @return the name
   */
  String getName();

  /**
   * Returns the metric's description.
   *
   * @return the description
   */
  String getDescription();

  /**
   * Returns the metric's kind.
   *
   * @return the kind
   */
  Kind getKind();

  /**
   * Returns the metric's value.
   *
   * @return the value
   */
  long getValue();
}
