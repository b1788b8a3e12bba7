package com.ibm.streams.toolkit.model;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Names the jars and directories, relative to the toolkit directory, that every operator and
 * function of a toolkit needs. SPL's compiler copies them into the operator model; streams-window
 * reads no operator model, so an operator that needs them at run time loads them itself with {@code
 * OperatorContext.addClassLibraries}, or they are shipped with the application's jars
 * (docs/porting.md, "Class libraries and directories").
 *
 * <pre>{@code
 * @ToolkitLibraries({"opt/lib/*", "impl/lib/acme.jar"})
 * public class AcmeLibraries {}
 * }</pre>
 */
@Target({ElementType.TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
public @interface ToolkitLibraries {

  /**
   * The libraries: paths relative to the toolkit directory; {@code dir/*} stands for the jars of
   * {@code dir}.
   *
   * @return the library paths
   */
  String[] value();
}
