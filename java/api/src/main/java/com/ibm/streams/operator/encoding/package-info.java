/**
 * Tuple encodings: JSON structures and text ({@code EncodingFactory}, {@code JSONEncoding}). SPL's
 * native binary and character encodings are declared but not provided (docs/porting.md, "API
 * coverage").
 */
package com.ibm.streams.operator.encoding;
