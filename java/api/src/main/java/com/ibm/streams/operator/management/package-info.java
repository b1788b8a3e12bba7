/**
 * Management of operators: {@code OperatorLifeCycle} runs actions when an operator's ports are
 * ready and when it shuts down; {@code OperatorManagement} computes the object names of IBM's
 * management beans. streams-window registers no management beans, so the bean interfaces are here
 * for code that names them (docs/porting.md, "Management beans").
 */
package com.ibm.streams.operator.management;
