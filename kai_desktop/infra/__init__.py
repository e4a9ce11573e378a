"""Back ends for the core ports, one package per back end; never imports Qt."""
