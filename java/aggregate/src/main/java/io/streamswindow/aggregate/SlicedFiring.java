package io.streamswindow.aggregate;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * One trigger of a sliced timeInterval window's pane partition, as its output functions see it: the
 * pane ({@link PaneTrigger}) and all its groups, for the functions that look at the whole firing
 * (CountAll, CountGroups, CountByGroup).
 */
final class SlicedFiring {
  private final PaneTrigger trigger;
  private final List<SliceGroup> groups;
  private int tupleCount = -1;
  private List<Integer> sizes;

  SlicedFiring(PaneTrigger trigger, List<SliceGroup> groups) {
    this.trigger = trigger;
    this.groups = groups;
  }

  PaneTrigger pane() {
    return trigger;
  }

  List<SliceGroup> groups() {
    return groups;
  }

  int groupCount() {
    return groups.size();
  }

  int tupleCount() {
    if (tupleCount < 0) {
      int n = 0;
      for (SliceGroup group : groups) {
        n += group.count;
      }
      tupleCount = n;
    }
    return tupleCount;
  }

  List<Integer> groupSizes() {
    if (sizes == null) {
      Integer[] out = new Integer[groups.size()];
      for (int i = 0; i < out.length; i++) {
        out[i] = groups.get(i).count;
      }
      sizes = Collections.unmodifiableList(Arrays.asList(out));
    }
    return sizes;
  }
}
