"""password reset nonce: bind each opened reset link to the browser that opened it

Issue 27, item 4: a reset finishes only in the browser that opened the link. The link's
route stores the SHA-256 of a nonce kept in that browser's HttpOnly, SameSite=Strict cookie.

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-27 10:00:00.000000

"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa
import sqlmodel


# revision identifiers, used by Alembic.
revision: str = '0011'
down_revision: Union[str, Sequence[str], None] = '0010'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    """Upgrade schema."""
    with op.batch_alter_table('password_resets', schema=None) as batch_op:
        batch_op.add_column(
            sa.Column('nonce_hash', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=True)
        )
        batch_op.create_index('ix_password_resets_nonce_hash', ['nonce_hash'], unique=True)


def downgrade() -> None:
    """Downgrade schema."""
    with op.batch_alter_table('password_resets', schema=None) as batch_op:
        batch_op.drop_index('ix_password_resets_nonce_hash')
        batch_op.drop_column('nonce_hash')
