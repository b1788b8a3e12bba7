/** Window listeners that keep window contents sorted, and a tumbling-window sorter. */
package com.ibm.streams.operator.window.sort;
