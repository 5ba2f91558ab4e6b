"""ai run leases: a run under way, renewed by its worker; interrupted when the worker dies

Issue 29, items 3 and 4: a worker killed mid-run (or stopped past the shutdown's grace
period) left its founder's budget hold counting the call's largest cost and no word of the
run. Now each run has a lease its worker renews; a stale lease is marked interrupted by
another worker's sweep, which releases the holds of that run (`ai_usage.lease_id`).

Revision ID: 0017
Revises: 0016
Create Date: 2026-11-27 03:00:00.000000

"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa
import sqlmodel


# revision identifiers, used by Alembic.
revision: str = '0017'
down_revision: Union[str, Sequence[str], None] = '0016'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    """Upgrade schema."""
    op.create_table(
        'ai_run_leases',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('user_id', sqlmodel.sql.sqltypes.AutoString(length=32), nullable=False),
        sa.Column('created_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column('tool', sqlmodel.sql.sqltypes.AutoString(length=50), nullable=False),
        sa.Column('worker', sqlmodel.sql.sqltypes.AutoString(length=100), nullable=False),
        sa.Column('beat_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column('interrupted_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
        sa.ForeignKeyConstraint(['user_id'], ['users.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
    )
    with op.batch_alter_table('ai_run_leases', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_ai_run_leases_user_id'), ['user_id'], unique=False)
        batch_op.create_index(
            'ix_ai_run_leases_open', ['interrupted_at', 'beat_at'], unique=False
        )
    with op.batch_alter_table('ai_usage', schema=None) as batch_op:
        batch_op.add_column(sa.Column('lease_id', sa.Integer(), nullable=True))
        batch_op.create_index(batch_op.f('ix_ai_usage_lease_id'), ['lease_id'], unique=False)


def downgrade() -> None:
    """Downgrade schema."""
    with op.batch_alter_table('ai_usage', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_ai_usage_lease_id'))
        batch_op.drop_column('lease_id')
    with op.batch_alter_table('ai_run_leases', schema=None) as batch_op:
        batch_op.drop_index('ix_ai_run_leases_open')
        batch_op.drop_index(batch_op.f('ix_ai_run_leases_user_id'))
    op.drop_table('ai_run_leases')
