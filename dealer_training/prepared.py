"""Reads of the answering path compiled once per process (:class:`Prepared`).

Building a queryset and compiling it to SQL costs the ORM five to ten times what running the SQL
and reading the rows does (``make profile-answers`` prints both for each read). The few reads every
question page and every answer make are therefore built once per database connection alias, with
a placeholder for each value that changes per request, and then run with the request's values:
the SQL, the columns read and the model instances made are the ORM's own (the same compiler,
select_related included), only the building and compiling are skipped.

Only ``exact`` filters on the values are supported, each value compared once, and the compiled SQL
must hold each placeholder once and as itself: :meth:`Prepared._compile` checks both (it refuses
a lookup that may escape or wrap a value, such as ``__iexact`` or ``__contains``).

The two rows every answer writes (the question issued, the attempt) go through :func:`insert`:
the ORM's INSERT for the model, compiled once, run with the row's values.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from django.db import connections
from django.db.models import Model, QuerySet
from django.db.models.lookups import Exact
from django.db.models.query import get_related_populators
from django.db.models.signals import post_save, pre_save
from django.db.models.sql import InsertQuery
from django.db.models.sql.where import WhereNode

_M = TypeVar("_M", bound=Model)
_numbers = itertools.count(1)


@dataclass(frozen=True)
class _Slot:
    name: str


class _Compiled:
    """A query compiled for one database alias, with what reading its rows needs (the columns'
    converters, the related objects' populators), worked out once as ``ModelIterable`` does for
    each queryset it runs."""

    def __init__(self, sql: str, params: tuple[Any, ...], compiler: Any, using: str) -> None:
        self.sql = sql
        self.params = params  # constants, and a _Slot where a request's value goes
        self.using = using
        select, klass_info = compiler.select, compiler.klass_info
        self.model = klass_info["model"]
        fields = klass_info["select_fields"]
        self.start, self.end = fields[0], fields[-1] + 1
        self.init_list = [column[0].target.attname for column in select[self.start : self.end]]
        # Django 5.2's signature (the type stubs follow a later Django's, which adds a fetch mode).
        self.populators = get_related_populators(klass_info, select, using)  # type: ignore[call-arg]
        self.annotations = list((compiler.annotation_col_map or {}).items())
        columns = [s[0] for s in select[0 : compiler.col_count]]
        if compiler.has_composite_fields(columns):
            raise ValueError("composite primary keys are not supported")
        self.converters = compiler.get_converters(columns)
        self.compiler = compiler

    def instances(self, rows: list[tuple[Any, ...]]) -> list[Any]:
        """Model instances of ``rows``, as ``ModelIterable`` makes them."""
        if self.converters:
            rows = list(self.compiler.apply_converters(rows, self.converters))
        using, model, init_list, start, end = self.using, self.model, self.init_list, self.start, self.end
        made = []
        for row in rows:
            instance = model.from_db(using, init_list, row[start:end])
            for populator in self.populators:
                populator.populate(row, instance)
            for name, position in self.annotations:
                setattr(instance, name, row[position])
            made.append(instance)
        return made


class Prepared(Generic[_M]):
    """A queryset built by ``build(**values)`` with the types of its values (``int`` or ``str``),
    compiled on first use and run with each call's values: ``first(**values)``, ``all(**values)``.
    """

    def __init__(self, build: Callable[..., QuerySet[_M]], **types: type) -> None:
        if not types or not set(types.values()) <= {int, str}:
            raise ValueError("name each value and its type: int or str")
        self._build = build
        self._types = types
        self._compiled: dict[str, _Compiled] = {}

    def all(self, *, using: str = "default", **values: Any) -> list[_M]:
        if set(values) != set(self._types):
            raise TypeError(f"expected the values {sorted(self._types)}, got {sorted(values)}")
        compiled = self._compiled.get(using) or self._compile(using)
        params = [self._types[p.name](values[p.name]) if isinstance(p, _Slot) else p for p in compiled.params]
        with connections[using].cursor() as cursor:
            cursor.execute(compiled.sql, params)
            rows = cursor.fetchall()
        return compiled.instances(rows)

    def first(self, *, using: str = "default", **values: Any) -> _M | None:
        found = self.all(using=using, **values)
        return found[0] if found else None

    def _compile(self, using: str) -> _Compiled:
        placeholders: dict[Any, str] = {}
        for name, kind in self._types.items():
            number = next(_numbers)
            value: Any = -(10**15) - number if kind is int else f"\x1eprepared-{number}-{name}\x1e"
            placeholders[value] = name
        queryset = self._build(**{name: value for value, name in placeholders.items()}).using(using)
        exact = _exact_values(queryset.query.where)
        if sorted(placeholders[v] for v in exact if _hashable(v) and v in placeholders) != sorted(
            self._types
        ):
            raise ValueError("each value must be compared with an exact filter, once, as itself")
        compiler = queryset.query.get_compiler(using=using)
        sql, raw = compiler.as_sql()
        params = tuple(_Slot(placeholders[p]) if _hashable(p) and p in placeholders else p for p in raw)
        placed = [p.name for p in params if isinstance(p, _Slot)]
        if sorted(placed) != sorted(self._types):
            raise ValueError(f"each value must be compared with an exact filter, once, as itself: {placed}")
        compiled = _Compiled(sql, params, compiler, using)
        self._compiled[using] = compiled
        return compiled


def _exact_values(node: Any) -> list[Any]:
    """The right-hand values of the ``exact`` lookups in a WHERE tree (an ``exact`` lookup binds
    its value unchanged; others, such as ``iexact`` or ``contains``, may escape or wrap it)."""
    if isinstance(node, WhereNode):
        return [value for child in node.children for value in _exact_values(child)]
    if isinstance(node, Exact):
        return [node.rhs]
    return []


def _hashable(value: Any) -> bool:
    try:
        hash(value)
    except TypeError:
        return False
    return True


@dataclass(frozen=True)
class _CompiledInsert:
    sql: str
    fields: tuple[Any, ...]


_inserts: dict[tuple[type[Model], str], _CompiledInsert] = {}


def insert(obj: _M, *, using: str = "default") -> _M:
    """Write the new row ``obj`` as ``obj.save()`` (``Model.objects.create``) writes it, with the
    INSERT compiled once per model and database alias: the same columns and values (each field's
    ``pre_save``, such as ``auto_now_add``, and its conversion for the database), the primary key
    set from the database, ``pre_save`` and ``post_save`` sent. A unique constraint it breaks
    raises ``IntegrityError`` as the ORM's INSERT does."""
    model = type(obj)
    compiled = _inserts.get((model, using)) or _compile_insert(model, using)
    if any(hasattr(getattr(obj, f.attname), "resolve_expression") for f in compiled.fields):
        # A value the database works out (a field left to its database default, an expression):
        # the ORM's own INSERT writes it.
        obj.save(force_insert=True, using=using)
        return obj
    connection = connections[using]
    obj._prepare_related_fields_for_save(operation_name="save")  # type: ignore[attr-defined]  # as save()
    pre_save.send(sender=model, instance=obj, raw=False, using=using, update_fields=None)
    values = [field.get_db_prep_save(field.pre_save(obj, True), connection) for field in compiled.fields]
    with connection.cursor() as cursor:
        cursor.execute(compiled.sql, values)
        obj.pk = cursor.fetchone()[0]
    obj._state.adding = False
    obj._state.db = using
    post_save.send(sender=model, instance=obj, created=True, update_fields=None, raw=False, using=using)
    return obj


def _compile_insert(model: type[Model], using: str) -> _CompiledInsert:
    meta = model._meta
    pk = meta.pk
    if pk is None or not pk.db_returning or meta.parents:
        raise ValueError(f"{meta.label}: only models with an automatic primary key and no parents")
    fields = tuple(f for f in meta.local_concrete_fields if f is not pk)
    if any(f.db_returning and not f.has_db_default() for f in fields):
        raise ValueError(f"{meta.label}: a field the database works out (generated) is not supported")
    connection = connections[using]
    query = InsertQuery(model)
    # A row with a value for each field (not its database default): each field's placeholder. The
    # SQL depends on the fields, not on their values.
    row = model()
    for field in fields:
        if field.has_db_default():
            setattr(row, field.attname, None)
    query.insert_values(fields, [row], raw=False)
    compiler = query.get_compiler(using=using)
    if not connection.features.can_return_columns_from_insert:
        raise ValueError(f"{connection.vendor}: the INSERT cannot return the new primary key")
    compiler.returning_fields = [pk]
    [(sql, params)] = compiler.as_sql()
    if len(params) != len(fields):  # a field whose value is written as SQL, not as a parameter
        raise ValueError(f"{meta.label}: each field's value must be a parameter of the INSERT")
    compiled = _CompiledInsert(sql=sql, fields=fields)
    _inserts[(model, using)] = compiled
    return compiled
