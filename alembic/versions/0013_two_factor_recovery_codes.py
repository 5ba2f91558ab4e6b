"""two-factor recovery codes

Issue 27, item 9: ten single-use recovery codes per founder with two-factor on, each stored
only as HMAC-SHA256 under a salt of its own; they go with the user (ON DELETE CASCADE).

Revision ID: 0013
Revises: 0012
Create Date: 2026-11-29 10:00:00.000000

"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa
import sqlmodel


# revision identifiers, used by Alembic.
revision: str = '0013'
down_revision: Union[str, Sequence[str], None] = '0012'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    """Upgrade schema."""
    op.create_table('user_recovery_codes',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('user_id', sqlmodel.sql.sqltypes.AutoString(length=32), nullable=False),
    sa.Column('created_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.Column('salt', sqlmodel.sql.sqltypes.AutoString(length=32), nullable=False),
    sa.Column('code_hash', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
    sa.Column('used_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('user_recovery_codes', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_user_recovery_codes_user_id'), ['user_id'], unique=False)


def downgrade() -> None:
    """Downgrade schema."""
    with op.batch_alter_table('user_recovery_codes', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_user_recovery_codes_user_id'))

    op.drop_table('user_recovery_codes')
