package io.streamswindow.spark.state;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import io.streamswindow.runtime.CheckpointStreams;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.OutputStream;
import java.io.Serializable;
import org.objenesis.strategy.StdInstantiatorStrategy;

/**
 * Checkpoint streams that save listener and operator state even when it is not {@code
 * Serializable}: Java serialization as usual, but any object that is not {@code Serializable}
 * (IBM's own samples keep such state) is written with Kryo, which Spark ships, in its place.
 *
 * <p>IBM Streams persisted such state only through Java serialization, so a migrated operator would
 * lose it silently or fail; on Spark every micro-batch saves state, so refusing it would make those
 * operators unusable. Kryo needs no interface on the class, and creates objects without calling
 * their constructors.
 */
public final class KryoFallbackStreams implements CheckpointStreams {
  public static final KryoFallbackStreams INSTANCE = new KryoFallbackStreams();

  private static final ThreadLocal<Kryo> KRYO =
      ThreadLocal.withInitial(
          () -> {
            Kryo kryo = new Kryo();
            kryo.setRegistrationRequired(false);
            kryo.setReferences(true);
            kryo.setInstantiatorStrategy(
                new Kryo.DefaultInstantiatorStrategy(new StdInstantiatorStrategy()));
            return kryo;
          });

  private KryoFallbackStreams() {}

  /** A value saved with Kryo inside a Java-serialized checkpoint. */
  static final class KryoValue implements Serializable {
    private static final long serialVersionUID = 1L;
    final byte[] bytes;

    KryoValue(byte[] bytes) {
      this.bytes = bytes;
    }
  }

  private static Kryo kryo() {
    Kryo kryo = KRYO.get();
    ClassLoader loader = Thread.currentThread().getContextClassLoader();
    if (loader != null && kryo.getClassLoader() != loader) {
      kryo.setClassLoader(loader);
    }
    return kryo;
  }

  @Override
  public ObjectOutputStream output(OutputStream out) throws IOException {
    return new ObjectOutputStream(out) {
      {
        enableReplaceObject(true);
      }

      @Override
      protected Object replaceObject(Object obj) {
        if (obj == null || obj instanceof Serializable || obj.getClass().isArray()) {
          return obj;
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (Output output = new Output(bytes)) {
          kryo().writeClassAndObject(output, obj);
        }
        return new KryoValue(bytes.toByteArray());
      }
    };
  }

  @Override
  public ObjectInputStream input(InputStream in) throws IOException {
    return new ContextClassLoaderObjectInputStream(in) {
      {
        enableResolveObject(true);
      }

      @Override
      protected Object resolveObject(Object obj) {
        if (obj instanceof KryoValue value) {
          try (Input input = new Input(value.bytes)) {
            return kryo().readClassAndObject(input);
          }
        }
        return obj;
      }
    };
  }
}
