package com.ibm.streams.operator;

import com.ibm.streams.operator.meta.CollectionType;
import com.ibm.streams.operator.meta.EnumType;
import com.ibm.streams.operator.meta.MapType;
import com.ibm.streams.operator.meta.OptionalType;
import com.ibm.streams.operator.meta.TupleType;
import com.ibm.streams.operator.meta.XMLType;
import io.streamswindow.api.spi.SchemaProvider;
import java.io.IOException;
import java.math.MathContext;
import java.util.Iterator;
import java.util.Random;
import java.util.ServiceLoader;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.transform.Source;
import javax.xml.transform.TransformerException;
import javax.xml.transform.TransformerFactoryConfigurationError;
import org.w3c.dom.Node;
import org.xml.sax.SAXException;

/**
 * The SPL type of an attribute, with its Java representation. Composite types (lists, sets, maps,
 * tuples, optionals) offer more through the interfaces of {@code com.ibm.streams.operator.meta}.
 */
public interface Type {

  /**
   * Returns the kind of SPL type this is.
   *
   * @return the meta type
   */
  MetaType getMetaType();

  /**
   * Returns the type as written in SPL, such as {@code list<int32>}.
   *
   * @return the SPL type
   */
  String getLanguageType();

  /**
   * Returns the class of the values {@link Tuple#getObject(int)} returns for this type.
   *
   * @return the object type
   */
  Class<?> getObjectType();

  /**
   * Returns the class of this type's values when they are elements of a collection or the value of
   * an optional (a list is then a {@code java.util.List} rather than an array).
   *
   * @return the element representation
   */
  Class<?> getAsCompositeElementType();

  /**
   * Returns the type's default value: zero, the empty string, an empty collection, the epoch, or
   * null for an optional.
   *
   * @return the default value
   */
  Object getDefaultValue();

  /**
   * Returns a random value of this type, for tests.
   *
   * @param random the source of randomness
   * @return a random value
   */
  Object randomValue(Random random);

  /**
   * Returns a value of this type as text; strings are returned as they are, not as SPL literals.
   *
   * @param value a value of {@link #getObjectType()}
   * @return its text
   */
  String toString(Object value);

  /**
   * The kinds of SPL type. The ordinals are part of the contract and never change.
   *
   * <p>Numeric kinds report a {@link #getMathContext() math context} for arithmetic on their
   * values.
   */
  enum MetaType {
    /** {@code boolean}. */
    BOOLEAN("boolean"),
    /** {@code int8}, a signed 8-bit integer. */
    INT8("int8") {
      @Override
      public MathContext getMathContext() {
        return MathContext.UNLIMITED;
      }
    },
    /** {@code int16}, a signed 16-bit integer. */
    INT16("int16") {
      @Override
      public MathContext getMathContext() {
        return MathContext.UNLIMITED;
      }
    },
    /** {@code int32}, a signed 32-bit integer. */
    INT32("int32") {
      @Override
      public MathContext getMathContext() {
        return MathContext.UNLIMITED;
      }
    },
    /** {@code int64}, a signed 64-bit integer. */
    INT64("int64") {
      @Override
      public MathContext getMathContext() {
        return MathContext.UNLIMITED;
      }
    },
    /** {@code uint8}, an unsigned 8-bit integer held in a Java {@code byte}. */
    UINT8("uint8") {
      @Override
      public MathContext getMathContext() {
        return MathContext.UNLIMITED;
      }
    },
    /** {@code uint16}, an unsigned 16-bit integer held in a Java {@code short}. */
    UINT16("uint16") {
      @Override
      public MathContext getMathContext() {
        return MathContext.UNLIMITED;
      }
    },
    /** {@code uint32}, an unsigned 32-bit integer held in a Java {@code int}. */
    UINT32("uint32") {
      @Override
      public MathContext getMathContext() {
        return MathContext.UNLIMITED;
      }
    },
    /** {@code uint64}, an unsigned 64-bit integer held in a Java {@code long}. */
    UINT64("uint64") {
      @Override
      public MathContext getMathContext() {
        return MathContext.UNLIMITED;
      }
    },
    /** {@code float32}, a Java {@code float}. */
    FLOAT32("float32") {
      @Override
      public MathContext getMathContext() {
        return MathContext.UNLIMITED;
      }
    },
    /** {@code float64}, a Java {@code double}. */
    FLOAT64("float64") {
      @Override
      public MathContext getMathContext() {
        return MathContext.UNLIMITED;
      }
    },
    /** {@code decimal32}, a {@code BigDecimal} with 7 digits of precision. */
    DECIMAL32("decimal32") {
      @Override
      public MathContext getMathContext() {
        return MathContext.DECIMAL32;
      }
    },
    /** {@code decimal64}, a {@code BigDecimal} with 16 digits of precision. */
    DECIMAL64("decimal64") {
      @Override
      public MathContext getMathContext() {
        return MathContext.DECIMAL64;
      }
    },
    /** {@code decimal128}, a {@code BigDecimal} with 34 digits of precision. */
    DECIMAL128("decimal128") {
      @Override
      public MathContext getMathContext() {
        return MathContext.DECIMAL128;
      }
    },
    /** {@code complex32}, a commons-math {@code Complex}. */
    COMPLEX32("complex32") {
      @Override
      public MathContext getMathContext() {
        return MathContext.UNLIMITED;
      }
    },
    /** {@code complex64}, a commons-math {@code Complex}. */
    COMPLEX64("complex64") {
      @Override
      public MathContext getMathContext() {
        return MathContext.UNLIMITED;
      }
    },
    /** {@code timestamp}, a {@link com.ibm.streams.operator.types.Timestamp}. */
    TIMESTAMP("timestamp"),
    /** {@code rstring}, a string of bytes (UTF-8 in Java). */
    RSTRING("rstring"),
    /** {@code ustring}, a Unicode string. */
    USTRING("ustring"),
    /** {@code rstring[n]}, a bounded string; it has no single SPL name. */
    BSTRING(null),
    /** {@code blob}, a sequence of bytes. */
    BLOB("blob"),
    /** {@code list<T>}. */
    LIST(null, CollectionType.class),
    /** {@code list<T>[n]}, a bounded list. */
    BLIST(null, CollectionType.class),
    /** {@code set<T>}. */
    SET(null, CollectionType.class),
    /** {@code set<T>[n]}, a bounded set. */
    BSET(null, CollectionType.class),
    /** {@code map<K,V>}. */
    MAP(null, MapType.class),
    /** {@code map<K,V>[n]}, a bounded map. */
    BMAP(null, MapType.class),
    /** {@code optional<T>}: a value of T, or absent (null). */
    OPTIONAL(null, OptionalType.class),
    /** {@code tuple<...>}, a nested tuple. */
    TUPLE(null, TupleType.class),
    /** {@code xml}: an XML document, {@link com.ibm.streams.operator.types.XML}. */
    XML("xml", XMLType.class),
    /** An SPL {@code enum}, read as a String or a Java enum constant. */
    ENUM(null, EnumType.class);

    private final String languageType;
    private final Class<? extends Type> metaTypeInterface;

    MetaType(String languageType) {
      this(languageType, Type.class);
    }

    MetaType(String languageType, Class<? extends Type> metaTypeInterface) {
      this.languageType = languageType;
      this.metaTypeInterface = metaTypeInterface;
    }

    /**
     * Returns the SPL name of this kind, such as {@code "rstring"} or {@code "float64"}.
     *
     * @return the SPL name, or null for composite and bounded kinds that have no single name
     */
    public final String getLanguageType() {
      return languageType;
    }

    /**
     * Returns the interface that {@link Type} objects of this kind implement, such as {@link
     * CollectionType} for lists. (The method name's spelling is IBM's.)
     *
     * @return {@code Type.class} or one of its sub-interfaces
     */
    public final Class<? extends Type> getMetaTypeInteface() {
      return metaTypeInterface;
    }

    /**
     * Tells whether this is a list kind, bounded or not.
     *
     * @return true for {@link #LIST} and {@link #BLIST}
     */
    public final boolean isList() {
      return this == LIST || this == BLIST;
    }

    /**
     * Tells whether this is a map kind, bounded or not.
     *
     * @return true for {@link #MAP} and {@link #BMAP}
     */
    public final boolean isMap() {
      return this == MAP || this == BMAP;
    }

    /**
     * Tells whether this is a set kind, bounded or not.
     *
     * @return true for {@link #SET} and {@link #BSET}
     */
    public final boolean isSet() {
      return this == SET || this == BSET;
    }

    /**
     * Tells whether this is a collection kind: a list, set or map.
     *
     * @return true for collections
     */
    public final boolean isCollectionType() {
      return isList() || isSet() || isMap();
    }

    /**
     * Tells whether this is {@link #OPTIONAL}.
     *
     * @return true for optional types
     */
    public final boolean isOptional() {
      return this == OPTIONAL;
    }

    /**
     * Returns the math context for arithmetic on values of this kind: the IEEE decimal contexts for
     * the decimal kinds, {@link MathContext#UNLIMITED} for the other numeric kinds.
     *
     * @return the math context, or null for kinds that are not numeric
     */
    public MathContext getMathContext() {
      return null;
    }
  }

  /**
   * Creates schemas and tuple types from their SPL text.
   *
   * <p>The parsing is done by the {@link SchemaProvider} found through {@link ServiceLoader}; the
   * streams-window runtime jar provides one.
   *
   * <pre>{@code
   * StreamSchema schema = Type.Factory.getStreamSchema("tuple<rstring id, int32 n>");
   * }</pre>
   */
  final class Factory {

    /** Creates an instance; all members are static. */
    public Factory() {}

    /**
     * Returns the tuple type described by SPL text such as {@code tuple<int32 x, int32 y>}.
     *
     * @param tupleType the SPL tuple type
     * @return the tuple type
     * @throws IllegalArgumentException when the text is not a valid tuple type
     */
    public static TupleType getTupleType(String tupleType) {
      return new SchemaTupleType(getStreamSchema(tupleType));
    }

    /**
     * Returns the tuple type described by an XML tuple type model. Not supported by streams-window.
     *
     * @param tupleTypeModel the XML source
     * @return never
     * @throws TransformerFactoryConfigurationError never
     * @throws TransformerException never
     * @throws SAXException never
     * @throws IOException never
     * @throws ParserConfigurationException never
     * @throws UnsupportedOperationException always
     */
    public static TupleType getTupleType(Source tupleTypeModel)
        throws TransformerFactoryConfigurationError,
            TransformerException,
            SAXException,
            IOException,
            ParserConfigurationException {
      throw xmlTupleTypesUnsupported();
    }

    /**
     * Returns the tuple type described by an XML tuple type model. Not supported by streams-window.
     *
     * @param tupleTypeModel the XML node
     * @return never
     * @throws SAXException never
     * @throws IOException never
     * @throws ParserConfigurationException never
     * @throws UnsupportedOperationException always
     */
    public static TupleType getTupleType(Node tupleTypeModel)
        throws SAXException, IOException, ParserConfigurationException {
      throw xmlTupleTypesUnsupported();
    }

    /**
     * Returns the schema described by SPL text such as {@code tuple<rstring id, float64 v>}.
     *
     * @param tupleType the SPL tuple type
     * @return the schema
     * @throws IllegalArgumentException when the text is not a valid tuple type
     * @throws IllegalStateException when no {@link SchemaProvider} is on the class path
     */
    public static StreamSchema getStreamSchema(String tupleType) {
      return schemaProvider().getStreamSchema(tupleType);
    }

    private static SchemaProvider schemaProvider() {
      // Looked up on each call: cheap next to parsing, and it honours the caller's class loader.
      return findSchemaProvider(
          Factory.class.getClassLoader(), Thread.currentThread().getContextClassLoader());
    }

    /**
     * Returns the first {@link SchemaProvider} registered with one of the class loaders, trying
     * them in order.
     *
     * @throws IllegalStateException when none has one
     */
    static SchemaProvider findSchemaProvider(ClassLoader... loaders) {
      for (ClassLoader loader : loaders) {
        if (loader == null) {
          continue;
        }
        Iterator<SchemaProvider> providers =
            ServiceLoader.load(SchemaProvider.class, loader).iterator();
        if (providers.hasNext()) {
          return providers.next();
        }
      }
      throw new IllegalStateException(
          "No SPL schema implementation found: add the streams-window-runtime jar"
              + " (io.streamswindow:streams-window-runtime) to the class path; it registers an "
              + SchemaProvider.class.getName()
              + " service");
    }

    private static UnsupportedOperationException xmlTupleTypesUnsupported() {
      return new UnsupportedOperationException(
          "XML tuple type models are not supported by streams-window;"
              + " use Type.Factory.getTupleType(String) with SPL text");
    }
  }
}
