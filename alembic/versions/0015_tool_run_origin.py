"""tool run origin: the AI's answer, demo mode's sample or the tool's stand-in

Issue 28, items 1 and 5: a kept run says how its result was made. Before, only the answer and
demo mode's sample were kept (`sample` told them apart); now the stand-in a tool shows when
the AI reply could not be used (the funding estimate, the Oracle's general predictions, the
Growth Engine's sample strategy) is kept too, labelled as such. Existing rows: `sample` ones
were demo mode's, the others the AI's.

Revision ID: 0015
Revises: 0013
Create Date: 2026-12-01 10:00:00.000000

"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa
import sqlmodel


# revision identifiers, used by Alembic.
revision: str = '0015'
down_revision: Union[str, Sequence[str], None] = '0013'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    """Upgrade schema."""
    with op.batch_alter_table('tool_runs', schema=None) as batch_op:
        batch_op.add_column(
            sa.Column(
                'origin',
                sqlmodel.sql.sqltypes.AutoString(length=20),
                server_default='ai',
                nullable=False,
            )
        )
    op.execute(sa.text("UPDATE tool_runs SET origin = 'sample' WHERE sample"))


def downgrade() -> None:
    """Downgrade schema."""
    with op.batch_alter_table('tool_runs', schema=None) as batch_op:
        batch_op.drop_column('origin')
