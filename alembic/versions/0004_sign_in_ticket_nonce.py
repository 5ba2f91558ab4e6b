"""sign-in ticket nonce: bind each ticket to the browser that asked for it (login CSRF)

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-23 09:00:00.000000

"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa
import sqlmodel


# revision identifiers, used by Alembic.
revision: str = '0004'
down_revision: Union[str, Sequence[str], None] = '0003'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    """Upgrade schema."""
    with op.batch_alter_table('sign_in_tickets', schema=None) as batch_op:
        batch_op.add_column(
            sa.Column('nonce_hash', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=True)
        )


def downgrade() -> None:
    """Downgrade schema."""
    with op.batch_alter_table('sign_in_tickets', schema=None) as batch_op:
        batch_op.drop_column('nonce_hash')
