package com.ibm.streams.operator.version;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class VersionTest {

  @Test
  void missingPartsAreZeroAndVersionsOrderByEachNumberInTurn() {
    Version v = new Version("4.3.1");
    assertEquals(4, v.getVersion());
    assertEquals(3, v.getRelease());
    assertEquals(1, v.getMod());
    assertEquals(0, v.getFix());
    assertEquals("4.3.1.0", v.toString());
    assertEquals(new Version(4, 3, 1, 0), v);
    assertEquals(new Version(4, 3, 1, 0).hashCode(), v.hashCode());
    assertTrue(v.compareTo(Product.STREAMS_4_2) > 0);
    assertTrue(new Version("4.2.0.9").compareTo(new Version("4.2.1")) < 0);
    assertNotEquals(Product.STREAMS_4_0_0, Product.STREAMS_4_0_1);
  }

  @Test
  void theVersionIsReadFromTheProductFileOfTheInstallationOnly(@TempDir Path install)
      throws Exception {
    assertNull(Product.versionOf(null));
    assertNull(Product.versionOf(install.toString())); // no .product file
    Files.writeString(install.resolve(".product"), "Name=IBM Streams\nVersion=4.3.1.2\n");
    assertEquals(new Version(4, 3, 1, 2), Product.versionOf(install.toString()));
  }
}
