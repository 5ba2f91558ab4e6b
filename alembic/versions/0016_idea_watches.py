"""idea watches: the weekly watch on a brief, its checks and digests

Issue 30, item 2: a founder watches an idea's brief; each re-check is claimed once across
workers by its (idea, period) row; a founder's digest is made once per period.

Revision ID: 0016
Revises: 0015
Create Date: 2026-12-02 10:00:00.000000

"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa
import sqlmodel


# revision identifiers, used by Alembic.
revision: str = '0016'
down_revision: Union[str, Sequence[str], None] = '0015'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None

S = sqlmodel.sql.sqltypes.AutoString


def _user_columns() -> list[sa.Column]:
    return [
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('user_id', S(length=32), nullable=False),
        sa.Column('created_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    ]


def upgrade() -> None:
    """Upgrade schema."""
    op.create_table(
        'idea_watches',
        *_user_columns(),
        sa.Column('idea_id', sa.Integer(), nullable=False),
        sa.Column('status', S(length=20), nullable=False),
        sa.Column('next_check_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column('fingerprint', S(length=64), nullable=False),
        sa.Column('updated_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(['idea_id'], ['ideas.id'], ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['user_id'], ['users.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('idea_id', name='uq_idea_watches_idea'),
    )
    op.create_index('ix_idea_watches_user_id', 'idea_watches', ['user_id'])
    op.create_index('ix_idea_watches_status_next', 'idea_watches', ['status', 'next_check_at'])
    op.create_table(
        'watch_digests',
        *_user_columns(),
        sa.Column('period', sa.Integer(), nullable=False),
        sa.Column('message', S(length=1000), nullable=False),
        sa.Column('token_hash', S(length=64), nullable=False),
        sa.Column('status', S(length=20), nullable=False),
        sa.Column('attempts', sa.Integer(), nullable=False),
        sa.Column('next_attempt_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
        sa.Column('lease_until', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
        sa.Column('last_error', S(length=1000), nullable=False),
        sa.Column('sent_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
        sa.ForeignKeyConstraint(['user_id'], ['users.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('user_id', 'period', name='uq_watch_digests_user_period'),
    )
    op.create_index('ix_watch_digests_user_id', 'watch_digests', ['user_id'])
    op.create_index('ix_watch_digests_token_hash', 'watch_digests', ['token_hash'])
    op.create_index('ix_watch_digests_status_next', 'watch_digests', ['status', 'next_attempt_at'])
    op.create_table(
        'watch_checks',
        *_user_columns(),
        sa.Column('watch_id', sa.Integer(), nullable=False),
        sa.Column('idea_id', sa.Integer(), nullable=False),
        sa.Column('period', sa.Integer(), nullable=False),
        sa.Column('status', S(length=20), nullable=False),
        sa.Column('lease_until', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
        sa.Column('run_id', sa.Integer(), nullable=True),
        sa.Column('compared_id', sa.Integer(), nullable=True),
        sa.Column('changes', sa.JSON(), nullable=False),
        sa.Column('note', S(length=1000), nullable=False),
        sa.Column('finished_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
        sa.Column('digest_id', sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(['watch_id'], ['idea_watches.id'], ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['idea_id'], ['ideas.id'], ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['digest_id'], ['watch_digests.id'], ondelete='SET NULL'),
        sa.ForeignKeyConstraint(['user_id'], ['users.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('idea_id', 'period', name='uq_watch_checks_idea_period'),
    )
    op.create_index('ix_watch_checks_user_id', 'watch_checks', ['user_id'])
    op.create_index('ix_watch_checks_watch_created', 'watch_checks', ['watch_id', 'created_at'])
    op.create_index('ix_watch_checks_user_digest', 'watch_checks', ['user_id', 'digest_id'])


def downgrade() -> None:
    """Downgrade schema."""
    op.drop_table('watch_checks')
    op.drop_table('watch_digests')
    op.drop_table('idea_watches')
