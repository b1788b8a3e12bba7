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
 * cannot be found or read contributes nothing. The strings are a hint for error messages and a
 * reason to accept a parameter an operator may read later ({@link
 * OperatorArgumentChecks#requireParametersRead}); an output column they lack is refused only when
 * the same class files show that the operator sets no attribute it does not name ({@link
 * #setsNamesItDoesNotHold}).
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
    return scan(type).strings;
  }

  /**
   * Tells whether {@code type}'s code may set output attributes it names by no string literal, so
   * that a column its strings lack may still be set: when it sets attributes by position ({@code
   * setDouble(0, ...)}), walks a schema's attributes ({@code getAttribute(int)}, {@code
   * getAttributeCount()}, {@code Attribute.getName()}), hands an object of IBM's API (a tuple, a
   * port, its context) to code outside its own packages, or when its class file cannot be read. A
   * judgement from its class files only; its limit (an operator that sets each of {@code
   * getAttributeNames()} by name): docs/decisions.md, "Output columns nothing would set".
   */
  static boolean setsNamesItDoesNotHold(Class<?> type) {
    return scan(type).namesAtRunTime;
  }

  /**
   * Tells whether {@code type}'s code submits tuples: calls a {@code submit...} method of IBM's
   * API, or may through code outside its packages ({@link #setsNamesItDoesNotHold}). An operator
   * that submits nothing (a sink, which takes an {@code output_schema} all the same) sets no
   * column, and no column of it can hold a wrong value.
   */
  static boolean submitsTuples(Class<?> type) {
    Scan scan = scan(type);
    return scan.submits || scan.namesAtRunTime;
  }

  /** What the class files of an operator's code hold. */
  private record Scan(Set<String> strings, boolean namesAtRunTime, boolean submits) {}

  private static Scan scan(Class<?> type) {
    ClassLoader loader =
        type.getClassLoader() != null ? type.getClassLoader() : ClassLoader.getSystemClassLoader();
    // The operator's package and its superclasses' (a toolkit's base class with its helpers).
    Set<String> ownPackages = new HashSet<>();
    Set<String> strings = new HashSet<>();
    Set<String> seen = new HashSet<>();
    Deque<String> pending = new ArrayDeque<>();
    for (Class<?> c = type; c != null && !isLibrary(c.getName()); c = c.getSuperclass()) {
      pending.add(c.getName().replace('.', '/'));
      ownPackages.add(packageOf(c.getName().replace('.', '/')));
    }
    boolean namesAtRunTime = pending.isEmpty();
    boolean submits = false;
    String operatorClass = type.getName().replace('.', '/');
    while (!pending.isEmpty() && seen.size() < MAX_CLASSES) {
      String internalName = pending.poll();
      if (!seen.add(internalName)) {
        continue;
      }
      ConstantPool pool = read(loader, internalName);
      if (pool == null) {
        namesAtRunTime |= internalName.equals(operatorClass);
        continue;
      }
      strings.addAll(pool.strings);
      for (String referenced : pool.classes) {
        if (ownPackages.contains(packageOf(referenced)) && !seen.contains(referenced)) {
          pending.add(referenced);
        }
      }
      for (MemberReference member : pool.members) {
        namesAtRunTime |= member.mayNameAtRunTime(ownPackages);
        submits |= member.submits();
      }
    }
    return new Scan(strings, namesAtRunTime, submits);
  }

  /** A method that a class file calls: its class, name and descriptor. */
  private record MemberReference(String owner, String name, String descriptor) {
    private static final String API = "com/ibm/streams/operator/";

    /** Whether this is a method of IBM's API that submits tuples ({@code submit}, ...). */
    boolean submits() {
      return owner.startsWith(API) && name.startsWith("submit");
    }

    /** Whether a call of this method may set or find output attributes by no name of the code. */
    boolean mayNameAtRunTime(Set<String> ownPackages) {
      if (owner.startsWith(API)) {
        boolean byPosition = name.startsWith("set") && descriptor.startsWith("(I");
        // Walking a schema's attributes as Attribute objects (by position, or iterating and
        // asking each its name). Its names as strings (getAttributeNames()) do not count: an
        // operator lists them in its messages far more often than it sets what they name.
        boolean walksSchema =
            (owner.equals(API + "StreamSchema")
                    && (name.equals("getAttributeCount")
                        || (name.equals("getAttribute") && descriptor.startsWith("(I"))))
                || (owner.equals(API + "Attribute") && name.equals("getName"));
        return byPosition || walksSchema;
      }
      // Foreign code handed a tuple, a port or a context may set any attribute.
      return !isLibrary(owner.replace('/', '.'))
          && !ownPackages.contains(packageOf(owner))
          && descriptor.contains("L" + API);
    }
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

  /**
   * The String constants, the referenced class names and the called methods of one class file's
   * constant pool.
   */
  private record ConstantPool(
      List<String> strings, List<String> classes, List<MemberReference> members) {}

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
    // Per entry: a CLASS's name index; a method reference's class and name-and-type indexes; a
    // NAME_AND_TYPE's name and descriptor indexes.
    int[] first = new int[count];
    int[] second = new int[count];
    List<Integer> stringIndexes = new ArrayList<>();
    List<Integer> classIndexes = new ArrayList<>();
    List<Integer> methodIndexes = new ArrayList<>();
    for (int i = 1; i < count; i++) {
      int tag = in.readUnsignedByte();
      switch (tag) {
        case UTF8 -> utf8[i] = in.readUTF(); // the class file's modified UTF-8 is readUTF's format
        case STRING -> stringIndexes.add(in.readUnsignedShort());
        case CLASS -> {
          first[i] = in.readUnsignedShort();
          classIndexes.add(first[i]);
        }
        case METHOD_REF, INTERFACE_METHOD_REF, NAME_AND_TYPE -> {
          first[i] = in.readUnsignedShort();
          second[i] = in.readUnsignedShort();
          if (tag != NAME_AND_TYPE) {
            methodIndexes.add(i);
          }
        }
        case METHOD_TYPE, MODULE, PACKAGE -> in.skipNBytes(2);
        case METHOD_HANDLE -> in.skipNBytes(3);
        case INTEGER, FLOAT, FIELD_REF, DYNAMIC, INVOKE_DYNAMIC -> in.skipNBytes(4);
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
    List<MemberReference> members = new ArrayList<>();
    for (int index : methodIndexes) {
      String owner = utf8[first[first[index]]];
      String name = utf8[first[second[index]]];
      String descriptor = utf8[second[second[index]]];
      if (owner != null && name != null && descriptor != null) {
        members.add(new MemberReference(owner, name, descriptor));
      }
    }
    return new ConstantPool(strings, classes, members);
  }
}
