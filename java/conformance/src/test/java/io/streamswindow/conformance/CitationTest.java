package io.streamswindow.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Keeps every citation inside the repository: a scenario's {@code source} cites sections of
 * docs/semantics.md or docs/decisions.md that exist, and the docs, README and sources point at no
 * document a reader of the repository cannot open (docs/scenario-format.md, "Fields", says how a
 * source is written).
 */
class CitationTest {

  /** {@code docs/<file>.md, <heading>} or {@code docs/<file>.md, <heading>: <subsection>}. */
  private static final Pattern CITATION = Pattern.compile("(docs/[A-Za-z0-9_-]+\\.md), (.+)");

  private static final Pattern MARKDOWN_NAME = Pattern.compile("[A-Za-z0-9_./-]+\\.md\\b");

  /** Texts that name a document outside the repository. */
  private static final List<Pattern> OUTSIDE =
      List.of(
          Pattern.compile("shared/(spec|seeds|tools)"),
          Pattern.compile("\\.\\./shared\\b"),
          Pattern.compile("(?i)\\bseeds?\\s+00\\d\\b"),
          Pattern.compile("(?i)\\bseed (document|article)s?\\b"),
          Pattern.compile("(?i)\\bthe seeds\\b"),
          Pattern.compile("(?<![A-Za-z0-9_/-])(api|spark|style)\\.md\\b"));

  /**
   * Outside docs/, a bare semantics.md is the specification's file, not ours: sources and tests
   * write docs/semantics.md. (Inside docs/ it is the sibling page, which must exist.)
   */
  private static final Pattern BARE_SEMANTICS =
      Pattern.compile("(?<!docs/)(?<![A-Za-z0-9_-])semantics\\.md\\b");

  private static final List<Pattern> IN_SOURCES =
      Stream.concat(OUTSIDE.stream(), Stream.of(BARE_SEMANTICS)).toList();

  private static final Set<String> SKIPPED_DIRECTORIES =
      Set.of("target", ".venv", "__pycache__", ".git", "node_modules", ".pytest_cache");

  @Test
  void everyScenarioSourceCitesSectionsThatExist() {
    List<String> problems = new ArrayList<>();
    for (Path file : ScenarioLibrary.files()) {
      Scenario scenario = ScenarioLibrary.load(file);
      for (String problem : problemsOfSource(scenario.source())) {
        problems.add(scenario.id() + ": " + problem);
      }
    }
    assertTrue(problems.isEmpty(), String.join("\n", problems));
  }

  @Test
  void sourcesCitingOutsideDocumentsAreRefused() {
    // What scenarios cited before docs/semantics.md existed: each must be refused.
    for (String old :
        List.of(
            "seed 001 (Count Eviction Policy walk-through); semantics.md Sliding eviction count(N)",
            "semantics.md Tumbling FINAL_MARKER bullet",
            "api.md StreamWindow (getTriggerPolicy is NONE for tumbling)",
            "docs/semantics.md, Sliding windows: Eviction count(N); seed 004",
            "docs/semantics.md, No such section",
            "docs/semantics.md, Sliding windows: No such subsection",
            "docs/absent.md, Sliding windows",
            "docs/decisions.md, timeInterval windows: No such item")) {
      assertTrue(!problemsOfSource(old).isEmpty(), "accepted: " + old);
    }
    assertEquals(
        List.of(),
        problemsOfSource(
            "docs/semantics.md, Worked examples: sliding count(3); docs/semantics.md, Event"
                + " delivery; docs/decisions.md, timeInterval windows: Closing; docs/decisions.md,"
                + " timeInterval windows: evictPartition(key)"));
  }

  @Test
  void docsAndReadmeCiteNoOutsideDocument() throws IOException {
    Path root = repositoryRoot();
    List<Path> pages = new ArrayList<>();
    pages.add(root.resolve("README.md"));
    try (Stream<Path> docs = Files.list(root.resolve("docs"))) {
      docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
    }
    List<String> problems = new ArrayList<>();
    for (Path page : pages) {
      String text = Files.readString(page);
      String name = root.relativize(page).toString();
      problems.addAll(outsideReferences(name, text, OUTSIDE));
      Matcher md = MARKDOWN_NAME.matcher(text);
      while (md.find()) {
        String target = md.group().replaceFirst("^\\./", "");
        if (target.startsWith("//") || target.contains("://")) {
          continue;
        }
        if (!Files.exists(page.getParent().resolve(target))
            && !Files.exists(root.resolve(target))) {
          problems.add(name + " names " + target + ", which is not in the repository");
        }
      }
    }
    assertTrue(problems.isEmpty(), String.join("\n", problems));
  }

  @Test
  void sourcesAndTestsCiteNoOutsideDocument() throws IOException {
    Path root = repositoryRoot();
    List<String> problems = new ArrayList<>();
    for (String top : List.of("java", "python", "tests", "scripts")) {
      Path dir = root.resolve(top);
      if (!Files.isDirectory(dir)) {
        continue;
      }
      try (Stream<Path> files = Files.walk(dir)) {
        files
            .filter(Files::isRegularFile)
            .filter(p -> !skipped(root, p))
            .filter(p -> p.toString().matches(".*\\.(java|py|json|sh|md|txt|toml)$"))
            .filter(p -> !p.endsWith("CitationTest.java"))
            .forEach(
                p ->
                    problems.addAll(
                        outsideReferences(root.relativize(p).toString(), read(p), IN_SOURCES)));
      }
    }
    assertTrue(problems.isEmpty(), String.join("\n", problems));
  }

  @Test
  void outsideReferencesAreFound() {
    for (String old :
        List.of(
            "(checked by `../shared/tools/api_parity.py`)",
            "as `api.md` states it",
            "(no arrays: spark.md)",
            "Where the seeds and the spec are silent",
            "(seed 004: \"the tuples are evicted\")",
            "@param source the seed example or semantics.md rule it proves")) {
      assertTrue(!outsideReferences("text", old, IN_SOURCES).isEmpty(), "not found in: " + old);
    }
    assertEquals(
        List.of(),
        outsideReferences(
            "text",
            "see docs/semantics.md, Event delivery; `tests/scenarios/sliding/seed001-x`",
            IN_SOURCES));
  }

  /** What is wrong with a scenario's source; empty when every citation resolves. */
  static List<String> problemsOfSource(String source) {
    List<String> problems = new ArrayList<>();
    Path root = repositoryRoot();
    for (String citation : source.split("; ")) {
      Matcher m = CITATION.matcher(citation);
      if (!m.matches()) {
        problems.add("'" + citation + "' is not 'docs/<file>.md, <section>[: <subsection>]'");
        continue;
      }
      Path doc = root.resolve(m.group(1));
      if (!Files.isRegularFile(doc)) {
        problems.add("'" + citation + "' cites " + m.group(1) + ", which does not exist");
        continue;
      }
      String where = m.group(2);
      int colon = where.indexOf(": ");
      String section = colon < 0 ? where : where.substring(0, colon);
      String item = colon < 0 ? null : where.substring(colon + 2);
      String body = sectionBody(read(doc), section);
      if (body == null) {
        problems.add("'" + citation + "': " + m.group(1) + " has no heading '" + section + "'");
      } else if (item != null && !hasItem(body, item)) {
        problems.add(
            "'"
                + citation
                + "': section '"
                + section
                + "' has no subsection or bold item '"
                + item
                + "'");
      }
    }
    return problems;
  }

  /** The text under a heading up to the next heading of the same or a higher level, or null. */
  private static String sectionBody(String text, String heading) {
    List<String> lines = text.lines().toList();
    for (int i = 0; i < lines.size(); i++) {
      int level = headingLevel(lines.get(i));
      if (level > 1 && lines.get(i).substring(level + 1).strip().equals(heading)) {
        StringBuilder body = new StringBuilder();
        for (int j = i + 1; j < lines.size(); j++) {
          int next = headingLevel(lines.get(j));
          if (next > 0 && next <= level) {
            break;
          }
          body.append(lines.get(j)).append('\n');
        }
        return body.toString();
      }
    }
    return null;
  }

  private static boolean hasItem(String body, String item) {
    if (body.contains("**" + item + "**") || body.contains("**`" + item + "`**")) {
      return true;
    }
    return body.lines()
        .anyMatch(
            line ->
                headingLevel(line) > 0
                    && line.substring(headingLevel(line) + 1).strip().equals(item));
  }

  private static int headingLevel(String line) {
    int level = 0;
    while (level < line.length() && line.charAt(level) == '#') {
      level++;
    }
    return level > 0 && level < line.length() && line.charAt(level) == ' ' ? level : 0;
  }

  private static List<String> outsideReferences(String name, String text, List<Pattern> patterns) {
    List<String> problems = new ArrayList<>();
    List<String> lines = text.lines().toList();
    for (int i = 0; i < lines.size(); i++) {
      for (Pattern pattern : patterns) {
        Matcher m = pattern.matcher(lines.get(i));
        if (m.find()) {
          problems.add(name + ":" + (i + 1) + " names an outside document: '" + m.group() + "'");
        }
      }
    }
    return problems;
  }

  private static boolean skipped(Path root, Path file) {
    for (Path part : root.relativize(file)) {
      if (SKIPPED_DIRECTORIES.contains(part.toString())) {
        return true;
      }
    }
    return false;
  }

  private static String read(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new UncheckedIOException(file.toString(), e);
    }
  }

  private static Path repositoryRoot() {
    return ScenarioLibrary.directory().toAbsolutePath().getParent().getParent();
  }
}
