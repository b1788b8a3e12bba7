package io.streamswindow.runtime;

import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.OutputStream;

/**
 * Makes the object streams that state handlers write to and read from through {@code
 * Checkpoint.getOutputStream()} / {@code getInputStream()}.
 *
 * <p>The default is Java serialization, resolving classes through the thread's context class loader
 * (on Spark executors that is the loader that sees {@code spark.jars}). The Spark adapter plugs in
 * streams that also save state objects that are not {@code Serializable}.
 */
public interface CheckpointStreams {
  /** The stream handlers write their state to. */
  ObjectOutputStream output(OutputStream out) throws IOException;

  /** The stream handlers read their state back from. */
  ObjectInputStream input(InputStream in) throws IOException;

  /** Java serialization, with classes resolved through the context class loader. */
  CheckpointStreams JAVA =
      new CheckpointStreams() {
        @Override
        public ObjectOutputStream output(OutputStream out) throws IOException {
          return new ObjectOutputStream(out);
        }

        @Override
        public ObjectInputStream input(InputStream in) throws IOException {
          return new ContextClassLoaderObjectInputStream(in);
        }
      };

  /** An object input stream that looks classes up in the context class loader first. */
  class ContextClassLoaderObjectInputStream extends ObjectInputStream {
    /** Reads from {@code in}. */
    public ContextClassLoaderObjectInputStream(InputStream in) throws IOException {
      super(in);
    }

    @Override
    protected Class<?> resolveClass(ObjectStreamClass desc)
        throws IOException, ClassNotFoundException {
      ClassLoader loader = Thread.currentThread().getContextClassLoader();
      if (loader != null) {
        try {
          return Class.forName(desc.getName(), false, loader);
        } catch (ClassNotFoundException e) {
          // fall back to the default lookup (primitive types, classes of the caller's loader)
        }
      }
      return super.resolveClass(desc);
    }
  }
}
