"""What names the request the facade sends to streams-window's Spark Connect relation plugin.

One message, ``streams_window.connect.WindowRequest`` of
``java/spark/src/spark-4/proto/streams_window/connect/window_request.proto``, the one source of
its schema (docs/connect.md, "The request message"). It travels packed in a
``google.protobuf.Any`` (``Relation.extension``) whose ``type_url`` is :data:`TYPE_URL`;
:mod:`streams_window._connect` builds it with the message classes of the descriptor protoc makes
of that file (:mod:`streams_window._connect_proto`). This module holds no more than names, so
that the layers below the transports can name the plugin without the protobuf runtime, which
only a Connect client has.

Example::

    from streams_window._connect_request import PLUGIN_CLASS, RELATION_PLUGINS

    builder.config(RELATION_PLUGINS, PLUGIN_CLASS)
"""

from __future__ import annotations

#: The server setting that registers relation plugins, and streams-window's plugin, which reads
#: these requests (docs/connect.md).
RELATION_PLUGINS = "spark.connect.extensions.relation.classes"
PLUGIN_CLASS = "io.streamswindow.spark.connect.WindowRelationPlugin"

#: The server setting that registers expression plugins, and streams-window's plugin, which
#: answers ``spl_column()``'s request with a Column's expression (docs/connect.md).
EXPRESSION_PLUGINS = "spark.connect.extensions.expression.classes"
EXPRESSION_PLUGIN_CLASS = "io.streamswindow.spark.connect.SplColumnExpressionPlugin"

#: The ``type_url`` of the ``Any`` that carries a request (the Java plugin answers only this one).
TYPE_URL = "type.googleapis.com/streams_window.connect.WindowRequest"

#: The version of the message the facade sends. A server refuses one it does not read, naming
#: both; a server of version 2 also reads version 1, which clients before it send.
VERSION = 2
