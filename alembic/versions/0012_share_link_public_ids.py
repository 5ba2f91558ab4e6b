"""share link public ids: a link opens only the rows it was made for

Issue 27, item 1: SQLite gives a deleted newest row's id to the next row, and a share link
stored only kind and id, so an old link could show a result its owner never shared. Every
shareable row (saved results, kept runs, ideas) gets a random public id, and a link keeps the
public ids of its targets. Existing rows get random ids; an existing link keeps the ids of its
targets only when each target is older than the link (a younger row took a reused id: that
link stays dead).

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-27 12:00:00.000000

"""
import json
import uuid
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa
import sqlmodel


# revision identifiers, used by Alembic.
revision: str = '0012'
down_revision: Union[str, Sequence[str], None] = '0011'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None

SHAREABLE = ('saved_results', 'tool_runs', 'ideas')
TABLE_OF_KIND = {'result': 'saved_results', 'run': 'tool_runs', 'idea': 'ideas', 'comparison': 'ideas'}


def _backfill_rows(conn: sa.engine.Connection, table: str) -> None:
    ids = conn.execute(sa.text(f'SELECT id FROM {table}')).scalars().all()
    for row_id in ids:
        conn.execute(
            sa.text(f'UPDATE {table} SET public_id = :key WHERE id = :id'),
            {'key': uuid.uuid4().hex, 'id': row_id},
        )


def _backfill_links(conn: sa.engine.Connection) -> None:
    links = conn.execute(sa.text('SELECT id, kind, target FROM share_links')).all()
    for link_id, kind, target in links:
        table = TABLE_OF_KIND.get(kind)
        ids = json.loads(target) if isinstance(target, str) else target
        keys = []
        for row_id in ids if table and isinstance(ids, list) else []:
            key = conn.execute(
                sa.text(
                    f'SELECT t.public_id FROM {table} t, share_links s WHERE t.id = :row'
                    ' AND s.id = :link AND t.user_id = s.user_id AND t.created_at <= s.created_at'
                ),
                {'row': row_id, 'link': link_id},
            ).scalar()
            if key is None:
                keys = []
                break
            keys.append(key)
        update = sa.text('UPDATE share_links SET target_keys = :keys WHERE id = :id')
        conn.execute(
            update.bindparams(sa.bindparam('keys', type_=sa.JSON())), {'keys': keys, 'id': link_id}
        )


def upgrade() -> None:
    """Upgrade schema."""
    for table in SHAREABLE:
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.add_column(
                sa.Column('public_id', sqlmodel.sql.sqltypes.AutoString(length=32), nullable=True)
            )
    with op.batch_alter_table('share_links', schema=None) as batch_op:
        batch_op.add_column(sa.Column('target_keys', sa.JSON(), nullable=True))

    conn = op.get_bind()
    for table in SHAREABLE:
        _backfill_rows(conn, table)
    _backfill_links(conn)

    for table in SHAREABLE:
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.alter_column(
                'public_id', existing_type=sqlmodel.sql.sqltypes.AutoString(length=32), nullable=False
            )
    with op.batch_alter_table('share_links', schema=None) as batch_op:
        batch_op.alter_column('target_keys', existing_type=sa.JSON(), nullable=False)


def downgrade() -> None:
    """Downgrade schema."""
    with op.batch_alter_table('share_links', schema=None) as batch_op:
        batch_op.drop_column('target_keys')
    for table in SHAREABLE:
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.drop_column('public_id')
