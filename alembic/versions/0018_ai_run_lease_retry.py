"""ai run leases keep what Retry runs again: the tool's key, the founder's inputs, told once

Issue 29: a founder whose run a killed worker interrupted was told so once, and their inputs
were lost (the tab got a fresh page). Now the lease keeps the kept run's tool key and inputs
(JSON, only as long as the record: a week) and when the founder was told, so the notice's
Retry opens the tool with the inputs back in the form (`?retry=<lease id>`).

Revision ID: 0018
Revises: 0017
Create Date: 2026-11-28 03:00:00.000000

"""

from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa
import sqlmodel


# revision identifiers, used by Alembic.
revision: str = '0018'
down_revision: Union[str, Sequence[str], None] = '0017'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    """Upgrade schema."""
    with op.batch_alter_table('ai_run_leases', schema=None) as batch_op:
        batch_op.add_column(
            sa.Column(
                'tool_key',
                sqlmodel.sql.sqltypes.AutoString(length=50),
                nullable=False,
                server_default='',
            )
        )
        batch_op.add_column(sa.Column('inputs', sa.JSON(), nullable=True))
        batch_op.add_column(
            sa.Column('told_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True)
        )


def downgrade() -> None:
    """Downgrade schema."""
    with op.batch_alter_table('ai_run_leases', schema=None) as batch_op:
        batch_op.drop_column('told_at')
        batch_op.drop_column('inputs')
        batch_op.drop_column('tool_key')
