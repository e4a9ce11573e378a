"""The vault graph: the controller that owns the link graph on its worker, the off-thread
layout, the content (nodes, links, grid), scene items, the view and its pane, and the
route by which the graph follows the app's own memory writes."""
