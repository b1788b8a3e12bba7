package io.streamswindow.spark.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The driver's reading of spark.jars: which entries it reads, the message, the loader kept. */
class DriverSparkJarsTest {
  @Test
  void pathsAndFileAndLocalUrisAreReadHereOtherSchemesAndMissingFilesAreNot(@TempDir Path dir)
      throws Exception {
    Path a = Files.createFile(dir.resolve("a.jar"));
    Path b = Files.createFile(dir.resolve("b c.jar"));
    Path d = Files.createFile(dir.resolve("d.jar"));
    String value =
        a + " , " + b.toUri() + ",hdfs://nn/ops.jar,," + dir.resolve("gone.jar") + ",local:" + d;
    DriverSparkJars jars = DriverSparkJars.of(value);
    assertEquals(List.of(a, b, d), jars.local());
    assertEquals(List.of("hdfs://nn/ops.jar", dir.resolve("gone.jar").toString()), jars.remote());
    assertEquals(
        "nor in spark.jars, \""
            + value
            + "\", of which the driver could not read hdfs://nn/ops.jar, "
            + dir.resolve("gone.jar"),
        jars.checked());
  }

  @Test
  void anUnsetSparkJarsIsSaidSo() {
    assertEquals("spark.jars is not set", DriverSparkJars.of("").checked());
  }

  @Test
  void theSameJarsAndParentGetTheSameLoader(@TempDir Path dir) throws Exception {
    DriverSparkJars jars = DriverSparkJars.of(Files.createFile(dir.resolve("a.jar")).toString());
    ClassLoader parent = getClass().getClassLoader();
    assertSame(jars.loader(parent), DriverSparkJars.of(jars.value()).loader(parent));
  }
}
