package io.streamswindow.spark.line;

import java.util.List;
import java.util.Map;
import scala.collection.JavaConverters$;

/**
 * Java and Scala collections converted both ways, for Scala 2.12 (Spark 3.5 as pip ships it):
 * {@code scala.collection.JavaConverters}, as {@code scala.jdk.javaapi.CollectionConverters} is
 * Scala 2.13 only (the 2.13 builds have a class of the same name on it; docs/decisions.md, "Spark
 * 3.5").
 *
 * <pre>{@code
 * scala.collection.Seq<Object> seq = ScalaCollections.seq(List.of(1, 2));  // for a Row's array
 * List<?> back = ScalaCollections.list(seq);
 * }</pre>
 */
public final class ScalaCollections {
  private ScalaCollections() {}

  /** A Java view of a Scala sequence. */
  public static <T> List<T> list(scala.collection.Seq<T> seq) {
    return JavaConverters$.MODULE$.seqAsJavaList(seq);
  }

  /** A Java view of a Scala map. */
  public static <K, V> Map<K, V> map(scala.collection.Map<K, V> map) {
    return JavaConverters$.MODULE$.mapAsJavaMap(map);
  }

  /**
   * The Scala sequence Spark's row encoder takes for an array value, of {@code list}'s elements.
   */
  public static <T> scala.collection.Seq<T> seq(List<T> list) {
    return JavaConverters$.MODULE$.asScalaBuffer(list).toSeq();
  }

  /** The Scala map Spark's row encoder takes for a map value, a view of {@code map}. */
  public static <K, V> scala.collection.Map<K, V> scalaMap(Map<K, V> map) {
    return JavaConverters$.MODULE$.mapAsScalaMap(map);
  }
}
