package io.streamswindow.spark;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The string literals an operator's code holds, read from its class files (no class is loaded or
 * run). An operator names the output attributes it sets by such literals ({@code setDouble("total",
 * ...)}), so they let the plan check tell an {@code output_schema} column that the operator cannot
 * be setting ({@code Total}) from one it does ({@code total}) before any job runs.
 *
 * <p>Read: the operator class, its superclasses, and every class of the operator's own package its
 * code refers to (nested and anonymous classes, listeners, helpers), transitively. Classes of the
 * JDK and of IBM's API are skipped: their literals are not the operator's names. A class file that
 * cannot be found or read contributes nothing: this is a hint for error messages, and a reason to
 * accept a parameter an operator may read later ({@link
 * OperatorArgumentChecks#requireParametersRead}), never a reason to refuse a plan by itself.
 *
 * <pre>{@code
 * Set<String> names = ClassFileStrings.of(WindowSum.class);  // contains "total", "count", ...
 * }</pre>
 */
final class ClassFileStrings {
  /** Enough for any operator's own classes; a bound in case a package refers to a great many. */
  private static final int MAX_CLASSES = 500;

  private static final int UTF8 = 1;
  private static final int INTEGER = 3;
  private static final int FLOAT = 4;
  private static final int LONG = 5;
  private static final int DOUBLE = 6;
  private static final int CLASS = 7;
  private static final int STRING = 8;
  private static final int FIELD_REF = 9;
  private static final int METHOD_REF = 10;
  private static final int INTERFACE_METHOD_REF = 11;
  private static final int NAME_AND_TYPE = 12;
  private static final int METHOD_HANDLE = 15;
  private static final int METHOD_TYPE = 16;
  private static final int DYNAMIC = 17;
  private static final int INVOKE_DYNAMIC = 18;
  private static final int MODULE = 19;
  private static final int PACKAGE = 20;

  private ClassFileStrings() {}

  /** Returns the string literals of {@code type}'s code and of the classes it brings along. */
  static Set<String> of(Class<?> type) {
    ClassLoader loader =
        type.getClassLoader() != null ? type.getClassLoader() : ClassLoader.getSystemClassLoader();
    String ownPackage = packageOf(type.getName().replace('.', '/'));
    Set<String> strings = new HashSet<>();
    Set<String> seen = new HashSet<>();
    Deque<String> pending = new ArrayDeque<>();
    for (Class<?> c = type; c != null && !isLibrary(c.getName()); c = c.getSuperclass()) {
      pending.add(c.getName().replace('.', '/'));
    }
    while (!pending.isEmpty() && seen.size() < MAX_CLASSES) {
      String internalName = pending.poll();
      if (!seen.add(internalName)) {
        continue;
      }
      ConstantPool pool = read(loader, internalName);
      if (pool == null) {
        continue;
      }
      strings.addAll(pool.strings);
      for (String referenced : pool.classes) {
        if (packageOf(referenced).equals(ownPackage) && !seen.contains(referenced)) {
          pending.add(referenced);
        }
      }
    }
    return strings;
  }

  private static boolean isLibrary(String className) {
    return className.startsWith("java.")
        || className.startsWith("javax.")
        || className.startsWith("com.ibm.streams.operator.");
  }

  private static String packageOf(String internalName) {
    int slash = internalName.lastIndexOf('/');
    return slash < 0 ? "" : internalName.substring(0, slash);
  }

  /** The String constants and the referenced class names of one class file's constant pool. */
  private record ConstantPool(List<String> strings, List<String> classes) {}

  private static ConstantPool read(ClassLoader loader, String internalName) {
    try (InputStream stream = loader.getResourceAsStream(internalName + ".class")) {
      return stream == null ? null : parse(new DataInputStream(stream));
    } catch (IOException | RuntimeException e) {
      return null; // a hint only: an unreadable class file gives no names
    }
  }

  private static ConstantPool parse(DataInputStream in) throws IOException {
    if (in.readInt() != 0xCAFEBABE) {
      return null;
    }
    in.readUnsignedShort(); // minor version
    in.readUnsignedShort(); // major version
    int count = in.readUnsignedShort();
    String[] utf8 = new String[count];
    List<Integer> stringIndexes = new ArrayList<>();
    List<Integer> classIndexes = new ArrayList<>();
    for (int i = 1; i < count; i++) {
      int tag = in.readUnsignedByte();
      switch (tag) {
        case UTF8 -> utf8[i] = in.readUTF(); // the class file's modified UTF-8 is readUTF's format
        case STRING -> stringIndexes.add(in.readUnsignedShort());
        case CLASS -> classIndexes.add(in.readUnsignedShort());
        case METHOD_TYPE, MODULE, PACKAGE -> in.skipNBytes(2);
        case METHOD_HANDLE -> in.skipNBytes(3);
        case INTEGER,
            FLOAT,
            FIELD_REF,
            METHOD_REF,
            INTERFACE_METHOD_REF,
            NAME_AND_TYPE,
            DYNAMIC,
            INVOKE_DYNAMIC ->
            in.skipNBytes(4);
        case LONG, DOUBLE -> {
          in.skipNBytes(8);
          i++; // eight-byte constants take two entries of the pool
        }
        default -> {
          return null; // a tag this reader does not know: a newer class file format
        }
      }
    }
    List<String> strings = new ArrayList<>();
    for (int index : stringIndexes) {
      if (utf8[index] != null) {
        strings.add(utf8[index]);
      }
    }
    List<String> classes = new ArrayList<>();
    for (int index : classIndexes) {
      String name = utf8[index];
      if (name != null && !name.startsWith("[")) {
        classes.add(name);
      }
    }
    return new ConstantPool(strings, classes);
  }
}
