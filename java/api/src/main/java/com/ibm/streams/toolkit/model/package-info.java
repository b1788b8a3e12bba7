/** The annotation that names the class libraries of a whole toolkit ({@code @ToolkitLibraries}). */
package com.ibm.streams.toolkit.model;
