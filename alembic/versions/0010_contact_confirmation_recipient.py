"""contact confirmation: one per recipient a day (the recipient and the row's claim)

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-26 10:00:00.000000

"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa
import sqlmodel


# revision identifiers, used by Alembic.
revision: str = '0010'
down_revision: Union[str, Sequence[str], None] = '0009'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    """Upgrade schema."""
    with op.batch_alter_table('contact_messages', schema=None) as batch_op:
        batch_op.add_column(sa.Column('recipient', sqlmodel.sql.sqltypes.AutoString(length=320), server_default='', nullable=False))
        batch_op.add_column(sa.Column('confirmation_claimed_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True))
        batch_op.create_index('ix_contact_messages_recipient_claimed', ['recipient', 'confirmation_claimed_at'], unique=False)

    # Rows stored before: their recipient as the limit counts it, and a confirmation already
    # sent counts as that row's claim (issue 27, item 2).
    op.execute(
        "UPDATE contact_messages SET recipient = lower(trim(email)), "
        "confirmation_claimed_at = confirmation_sent_at"
    )


def downgrade() -> None:
    """Downgrade schema."""
    with op.batch_alter_table('contact_messages', schema=None) as batch_op:
        batch_op.drop_index('ix_contact_messages_recipient_claimed')
        batch_op.drop_column('confirmation_claimed_at')
        batch_op.drop_column('recipient')
