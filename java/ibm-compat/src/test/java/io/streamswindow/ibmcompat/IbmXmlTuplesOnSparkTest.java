package io.streamswindow.ibmcompat;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.ibm.streams.operator.types.ValueFactory;
import com.ibm.streams.operator.types.XML;
import com.ibm.streamsx.topology.function.Function;
import com.ibm.streamsx.topology.internal.functional.ops.FunctionTransform;
import com.ibm.streamsx.topology.internal.logic.ObjectUtils;
import io.streamswindow.spark.OperatorRunRequest;
import io.streamswindow.spark.WindowedOperators;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;

/**
 * The SPL {@code xml} type on Spark, through IBM's compiled {@code FunctionTransform} on IBM's XML
 * port schema ({@code tuple<xml document>}): a string column holding each document's text is stated
 * as {@code xml} ({@code splType}, docs/python.md's type table), the operator reads it as IBM's
 * {@code XML} value, and an {@code xml} output attribute comes back as the document's text.
 */
class IbmXmlTuplesOnSparkTest {
  private static SparkSession spark;

  /** What the operator reads: each reading's sensor attribute and its text. */
  private static final Function<XML, String> SENSOR_AND_VALUE =
      xml -> {
        try {
          Element root =
              DocumentBuilderFactory.newInstance()
                  .newDocumentBuilder()
                  .parse(xml.getInputStream())
                  .getDocumentElement();
          return root.getAttribute("sensor") + "=" + root.getTextContent();
        } catch (Exception e) {
          throw new IllegalStateException(e);
        }
      };

  /** A new document made by the operator: the reading's value, doubled. */
  private static final Function<XML, XML> DOUBLED =
      xml -> {
        String value = SENSOR_AND_VALUE.apply(xml).split("=")[1];
        String doubled = "<doubled>" + Double.parseDouble(value) * 2 + "</doubled>";
        try {
          return ValueFactory.newXML(
              new ByteArrayInputStream(doubled.getBytes(StandardCharsets.UTF_8)));
        } catch (java.io.IOException e) {
          throw new IllegalStateException(e);
        }
      };

  private static final List<String> SENSORS = List.of("s1", "s2", "s3");
  private static final List<Double> VALUES = List.of(1.5, 20.0, 0.25);

  @BeforeAll
  static void session() {
    spark = LocalSpark.start();
  }

  @AfterAll
  static void stop() {
    spark.stop();
  }

  private static Dataset<Row> documents() {
    List<String> documents =
        java.util.stream.IntStream.range(0, SENSORS.size())
            .mapToObj(
                i -> "<reading sensor=\"" + SENSORS.get(i) + "\">" + VALUES.get(i) + "</reading>")
            .toList();
    return spark.createDataset(documents, Encoders.STRING()).toDF("document");
  }

  private static List<String> sorted(Dataset<Row> rows) {
    return rows.collectAsList().stream().map(r -> r.getString(0)).sorted().toList();
  }

  @Test
  void anXmlInputAttributeReachesIbmsOperatorAsItsXmlValue() {
    Dataset<Row> out =
        WindowedOperators.runOperator(
            documents(),
            OperatorRunRequest.builder(FunctionTransform.class.getName())
                .splType("document", "xml")
                .parameter("functionalLogic", List.of(ObjectUtils.serializeLogic(SENSOR_AND_VALUE)))
                .outputSchema("string string")
                .build());

    List<String> expected =
        java.util.stream.IntStream.range(0, SENSORS.size())
            .mapToObj(i -> SENSORS.get(i) + "=" + VALUES.get(i))
            .sorted()
            .toList();
    assertEquals(expected, sorted(out));
  }

  @Test
  void anXmlOutputAttributeComesBackAsTheDocumentsText() throws Exception {
    Dataset<Row> out =
        WindowedOperators.runOperator(
            documents(),
            OperatorRunRequest.builder(FunctionTransform.class.getName())
                .splType("document", "xml")
                .parameter("functionalLogic", List.of(ObjectUtils.serializeLogic(DOUBLED)))
                .outputSchema("document string")
                .outputSplType("document", "xml")
                .build());

    List<Double> doubled = new java.util.ArrayList<>();
    for (String text : sorted(out)) {
      Element root =
          DocumentBuilderFactory.newInstance()
              .newDocumentBuilder()
              .parse(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)))
              .getDocumentElement();
      assertEquals("doubled", root.getTagName(), text);
      doubled.add(Double.parseDouble(root.getTextContent()));
    }
    assertEquals(
        VALUES.stream().map(v -> v * 2).sorted().toList(),
        doubled.stream().sorted().toList(),
        Map.of("documents", doubled).toString());
  }
}
