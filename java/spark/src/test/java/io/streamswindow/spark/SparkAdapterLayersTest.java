package io.streamswindow.spark;

import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The Spark adapter's packages, top to bottom, as listed in docs/architecture.md, "The Spark
 * adapter's packages": each may use only those below it, so no dependency runs back up. Checked on
 * the compiled main classes of this build (test classes sit where they like).
 */
class SparkAdapterLayersTest {
  private static JavaClasses adapter;

  @BeforeAll
  static void importAdapter() {
    adapter =
        new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.streamswindow.spark");
  }

  @Test
  void eachPackageUsesOnlyThePackagesBelowIt() {
    layeredArchitecture()
        .consideringOnlyDependenciesInLayers()
        // The Spark 3.5 builds have no Connect plugin.
        .optionalLayer("connect")
        .definedBy("io.streamswindow.spark.connect..")
        .layer("entry points")
        .definedBy("io.streamswindow.spark")
        .layer("expression")
        .definedBy("io.streamswindow.spark.expression")
        .layer("run")
        .definedBy("io.streamswindow.spark.run")
        .layer("state")
        .definedBy("io.streamswindow.spark.state")
        .layer("rows")
        .definedBy("io.streamswindow.spark.rows")
        .layer("plan")
        .definedBy("io.streamswindow.spark.plan")
        .layer("types")
        .definedBy("io.streamswindow.spark.types")
        .layer("errors")
        .definedBy("io.streamswindow.spark.errors")
        .layer("line")
        .definedBy("io.streamswindow.spark.line")
        .whereLayer("connect")
        .mayNotBeAccessedByAnyLayer()
        .whereLayer("entry points")
        .mayOnlyBeAccessedByLayers("connect")
        .whereLayer("expression")
        .mayOnlyBeAccessedByLayers("connect", "entry points")
        .whereLayer("run")
        .mayOnlyBeAccessedByLayers("connect", "entry points")
        .whereLayer("state")
        .mayOnlyBeAccessedByLayers("connect", "entry points", "run")
        .whereLayer("rows")
        .mayOnlyBeAccessedByLayers("connect", "entry points", "run", "state")
        .whereLayer("plan")
        .mayOnlyBeAccessedByLayers("connect", "entry points", "run", "state", "rows")
        .whereLayer("types")
        .mayOnlyBeAccessedByLayers(
            "connect", "entry points", "expression", "run", "state", "rows", "plan")
        .whereLayer("errors")
        .mayOnlyBeAccessedByLayers(
            "connect", "entry points", "expression", "run", "state", "rows", "plan", "types")
        .check(adapter);
  }

  @Test
  void noPackageIsLeftOutOfTheLayers() {
    // A new package must take its place in the list above, or its arrows would go unchecked.
    slices().matching("io.streamswindow.spark.(*)..").should().beFreeOfCycles().check(adapter);
    java.util.Set<String> known =
        java.util.Set.of(
            "io.streamswindow.spark",
            "io.streamswindow.spark.connect",
            "io.streamswindow.spark.expression",
            "io.streamswindow.spark.run",
            "io.streamswindow.spark.state",
            "io.streamswindow.spark.rows",
            "io.streamswindow.spark.plan",
            "io.streamswindow.spark.types",
            "io.streamswindow.spark.errors",
            "io.streamswindow.spark.line");
    java.util.Set<String> found = new java.util.TreeSet<>();
    adapter.forEach(c -> found.add(c.getPackageName()));
    found.removeAll(known);
    // The Connect message's generated classes sit in a package of their own under connect.
    found.removeIf(name -> name.startsWith("io.streamswindow.spark.connect."));
    org.junit.jupiter.api.Assertions.assertEquals(java.util.Set.of(), found);
  }
}
