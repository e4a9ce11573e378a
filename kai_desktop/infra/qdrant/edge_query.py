"""Qdrant Edge requests for a ranked query: dense and BM25 prefetches fused by RRF, then
ranked by the importance/recency/similarity formula inside the engine."""

from __future__ import annotations

from typing import Any

from kai_desktop.core.retrieval.ports import RetrievalError
from kai_desktop.core.retrieval.records import (
    DEFAULT_IMPORTANCE,
    DENSE_VECTOR,
    F_DATE,
    F_IMPORTANCE,
    F_TEXT,
    F_UPDATED,
    RECENCY_BASE,
    FusionMethod,
    IndexQuery,
    SearchFilters,
    SearchMode,
    format_datetime,
)


def build_edge_filter(filters: SearchFilters) -> Any:
    from qdrant_edge import FieldCondition, Filter, MatchValue, RangeDateTime

    must: list[Any] = [
        FieldCondition(key, match=MatchValue(value))
        for key, value in filters.exact_matches().items()
    ]
    for key, after, before in (
        (F_UPDATED, filters.updated_after, filters.updated_before),
        (F_DATE, filters.date_after, filters.date_before),
    ):
        if after or before:
            must.append(
                FieldCondition(
                    key,
                    range=RangeDateTime(
                        gte=format_datetime(after) if after else None,
                        lte=format_datetime(before) if before else None,
                    ),
                )
            )
    return Filter(must=must) if must else None


def _leaves(query: IndexQuery) -> list[Any]:
    """The rankings to fuse, in the order of :meth:`IndexQuery.source_weights`."""
    from qdrant_edge import FieldCondition, Filter, MatchText, Prefetch, TextQuery
    from qdrant_edge import Query as Q

    leaves: list[Any] = []
    if query.mode in (SearchMode.HYBRID, SearchMode.DENSE):
        if query.vector is None:
            raise RetrievalError("a dense search needs the query vector")
        leaves.append(
            Prefetch(limit=query.candidates, query=Q.Nearest(query.vector, using=DENSE_VECTOR))
        )
    if query.mode in (SearchMode.HYBRID, SearchMode.KEYWORD) and query.text.strip():
        leaves.append(Prefetch(limit=query.candidates, query=TextQuery(F_TEXT, query.text)))
    if query.mode is SearchMode.HYBRID and query.names and query.vector is not None:
        named = Filter(should=[FieldCondition(F_TEXT, match=MatchText(n)) for n in query.names])
        leaves.append(
            Prefetch(
                limit=query.candidates,
                query=Q.Nearest(query.vector, using=DENSE_VECTOR),
                filter=named,
            )
        )
    return leaves


def build_edge_request(query: IndexQuery) -> Any:
    """The Edge request for ``query``: fused prefetches ranked by the scoring formula."""
    from qdrant_edge import Expression as E
    from qdrant_edge import Formula, Fusion, Prefetch, QueryRequest

    leaves = _leaves(query)
    if not leaves:
        return None
    fusion: Any = (  # the stubs type fusions as the outer class
        Fusion.Dbsf()
        if query.fusion is FusionMethod.DBSF
        else Fusion.Rrf(k=query.rrf_k, weights=query.source_weights())
    )
    fused = Prefetch(limit=query.candidates, query=fusion, prefetches=leaves)
    w = query.weights
    hours = E.Div(
        E.Sum([E.Datetime(format_datetime(query.now)), E.Neg(E.DatetimeKey(F_UPDATED))]),
        E.Constant(3600.0),
        None,
    )
    formula = E.Sum(
        [
            E.Mult([E.Constant(query.similarity_scale), E.Variable("$score")]),
            E.Mult([E.Constant(w.importance), E.Variable(F_IMPORTANCE)]),
            E.Mult(
                [
                    E.Constant(w.recency),
                    E.Pow(E.Constant(RECENCY_BASE), E.Max([hours, E.Constant(0.0)])),
                ]
            ),
        ]
    )
    return QueryRequest(
        limit=query.limit,
        prefetches=[fused],
        query=Formula(formula, defaults={F_IMPORTANCE: DEFAULT_IMPORTANCE / 10}),
        filter=build_edge_filter(query.filters),
        with_payload=True,
    )
