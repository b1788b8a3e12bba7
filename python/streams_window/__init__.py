"""PySpark facade of streams-window: IBM Streams windows (count, time, delta and punctuation
windows, tumbling and sliding, partitioned) run by a Java engine inside Spark.

This first version only puts the project's jar on a Spark session:

* :func:`jar_path` finds the jar (bundled in the package, or built by Maven in a source
  checkout).
* :func:`configure` adds it, with quiet log settings, to a ``SparkSession`` builder.

Example::

    from pyspark.sql import SparkSession
    import streams_window as sw

    spark = sw.configure(SparkSession.builder.master("local[2]")).getOrCreate()
"""

from streams_window._jars import jar_path
from streams_window._session import configure

__all__ = ["configure", "jar_path"]
