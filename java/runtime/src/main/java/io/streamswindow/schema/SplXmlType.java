package io.streamswindow.schema;

import com.ibm.streams.operator.meta.XMLType;
import com.ibm.streams.operator.types.ValueFactory;
import com.ibm.streams.operator.types.XML;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.Random;

/**
 * The SPL {@code xml} type, and {@code xml<"schema">} that names the XML schema of its documents.
 * Values are {@link XML} documents held as bytes; the default value is the empty document. The
 * schema is recorded, not enforced: documents are not validated against it (docs/decisions.md, "SPL
 * types of columns").
 */
public final class SplXmlType extends AbstractSplType implements XMLType {
  /** Plain {@code xml}. */
  public static final SplXmlType XML_TYPE = new SplXmlType(null);

  private static final XML DEFAULT = ValueFactory.newXML(ByteBuffer.allocate(0), 0);

  private final String schema;

  private SplXmlType(String schema) {
    super(schema == null ? "xml" : "xml<\"" + schema + "\">");
    this.schema = schema;
  }

  /**
   * Returns {@code xml<"schema">}, or plain {@code xml} for a null schema.
   *
   * @param schema the schema's location as SPL writes it (a URL or a file path), or null
   * @return the type
   */
  public static SplXmlType of(String schema) {
    return schema == null ? XML_TYPE : new SplXmlType(schema);
  }

  /**
   * Returns the schema location as written in the type.
   *
   * @return the location, or null for plain {@code xml}
   */
  public String schema() {
    return schema;
  }

  /**
   * The schema's location as a URL: the text itself when it is an absolute URL, else a file path's
   * URL.
   */
  @Override
  public URL getDeclaredSchema() {
    if (schema == null) {
      return null;
    }
    try {
      URI uri = new URI(schema);
      if (uri.isAbsolute()) {
        return uri.toURL();
      }
    } catch (URISyntaxException | MalformedURLException | IllegalArgumentException e) {
      // Not a URL: a file path, below.
    }
    try {
      return new File(schema).toURI().toURL();
    } catch (MalformedURLException e) {
      throw new IllegalStateException("xml<\"" + schema + "\">: not a URL or a file path", e);
    }
  }

  @Override
  public MetaType getMetaType() {
    return MetaType.XML;
  }

  @Override
  public Class<?> getObjectType() {
    return XML.class;
  }

  @Override
  public Class<?> getAsCompositeElementType() {
    return XML.class;
  }

  @Override
  public Object getDefaultValue() {
    return DEFAULT;
  }

  /**
   * Takes an {@link XML} value as it is (values are immutable), and a {@code String} as the
   * document's text (the form of the Spark adapter's string columns).
   */
  @Override
  public Object toStored(Object value) {
    if (value instanceof XML) {
      return value;
    }
    if (value instanceof String text) {
      return fromText(text);
    }
    throw SplType.mismatch(this, value, XML.class.getName() + " or String");
  }

  /** XML values have no order. */
  @Override
  public boolean isComparable() {
    return false;
  }

  @Override
  public Object randomValue(Random rand) {
    String document = "<v n=\"" + rand.nextInt(1000) + "\"/>";
    return fromBytes(document.getBytes(StandardCharsets.UTF_8));
  }

  /** The document as text (its bytes read as UTF-8). */
  @Override
  public String toString(Object value) {
    return text((XML) value);
  }

  /** An XML value over {@code bytes}, which the caller no longer changes. */
  static XML fromBytes(byte[] bytes) {
    return bytes.length == 0 ? DEFAULT : ValueFactory.newXML(ByteBuffer.wrap(bytes), bytes.length);
  }

  /**
   * Returns a value's document bytes.
   *
   * @param value an XML value
   * @return a copy of its bytes
   */
  public static byte[] bytes(XML value) {
    Objects.requireNonNull(value, "value");
    try (var in = value.getInputStream()) {
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Returns a value's document as text, its bytes read as UTF-8.
   *
   * @param value an XML value
   * @return the text
   */
  public static String text(XML value) {
    return new String(bytes(value), StandardCharsets.UTF_8);
  }

  /**
   * Returns the XML value of a document's text, encoded as UTF-8.
   *
   * @param document the document
   * @return the value
   */
  public static XML fromText(String document) {
    return fromBytes(document.getBytes(StandardCharsets.UTF_8));
  }
}
