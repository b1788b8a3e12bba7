/**
 * SPL types, schemas and tuples: this runtime's implementation of IBM's {@code StreamSchema},
 * {@code Tuple}, {@code OutputTuple} and {@code Type}, plus the window checkpoint codec and the
 * delta-policy resolver the engine needs.
 *
 * <h2>Entry points</h2>
 *
 * <ul>
 *   <li>{@link io.streamswindow.schema.SplSchema#parse(String)} parses {@code tuple<rstring id,
 *       float64 v>} (IBM's {@code Type.Factory.getStreamSchema} reaches it through {@link
 *       io.streamswindow.schema.SplSchemaProvider}); {@link
 *       io.streamswindow.schema.SplSchema#from(com.ibm.streams.operator.StreamSchema)} turns any
 *       {@code StreamSchema} into one.
 *   <li>{@link io.streamswindow.schema.SplSchema#newOutputTuple()} creates a {@link
 *       io.streamswindow.schema.MutableOutputTuple} at default values; {@code getTuple(Object[] |
 *       List | Map | Tuple)} creates an {@link io.streamswindow.schema.ImmutableTuple}.
 *   <li>{@link io.streamswindow.schema.SchemaTupleCodec} and {@link
 *       io.streamswindow.schema.SchemaDeltaResolver} are the engine's {@code TupleCodec<Tuple>} and
 *       {@code DeltaResolver<Tuple>} for a schema.
 * </ul>
 *
 * <h2>Decisions where IBM's documentation is silent or this project differs</h2>
 *
 * <ul>
 *   <li>Bounded types ({@code rstring[n]}, {@code list<T>[n]}, {@code set<T>[n]}, {@code
 *       map<K,V>[n]}) keep IBM's meta types {@code BSTRING}, {@code BLIST}, {@code BSET}, {@code
 *       BMAP} and their bound; values beyond the bound are dropped on assignment, as in SPL.
 *   <li>Java object types are IBM's, including arrays for lists of primitives and {@code ustring}
 *       ({@code list<int32>} is {@code int[]} from {@code getObject}); {@code getList} always
 *       returns the stored read-only {@code List}. Unsigned integers use the signed Java type of
 *       the same size; their text ({@code getString}), their order (comparators) and their value in
 *       delta policies are unsigned.
 *   <li>A getter or typed setter that IBM does not allow for an attribute's type throws {@code
 *       UnsupportedOperationException} (IBM's documented exception); a value of the wrong Java type
 *       throws {@code IllegalArgumentException}; an unknown attribute name throws {@code
 *       IllegalArgumentException} listing the schema's attributes. All name the attribute and the
 *       types involved. {@code getString} works for every type.
 *   <li>Convenience inputs beyond IBM's exact classes: {@code String} for {@code rstring}, {@code
 *       byte[]} for {@code blob}, {@code List} or the array for lists, {@code Map} for nested
 *       tuples. Numbers are not converted between Java types.
 *   <li>Comparators follow IBM's rule (object type implements {@code Comparable}, not optional), so
 *       {@code rstring}, blobs, collections and tuples cannot be sort keys.
 *   <li>{@code xml} values are {@code XML} documents kept as bytes, not validated against the
 *       schema of {@code xml<"schema">}. {@code enum} and {@code complex} types are not supported;
 *       schema XML and SPL encodings throw {@code UnsupportedOperationException}.
 * </ul>
 */
package io.streamswindow.schema;
