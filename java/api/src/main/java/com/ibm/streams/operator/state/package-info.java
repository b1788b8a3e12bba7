/** Checkpointing and restoring operator state: state handlers, checkpoints and their contexts. */
package com.ibm.streams.operator.state;
