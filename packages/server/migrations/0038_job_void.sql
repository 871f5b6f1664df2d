-- A whole generation job's codes voided in the background, as they are put in force (0028): the same job, with
-- what it does. A job of more codes than one bulk change takes (100,000) is voided this way, step by step.
ALTER TABLE code_activation ADD COLUMN action text NOT NULL DEFAULT 'ACTIVATE' CHECK (action IN ('ACTIVATE', 'VOID'));
-- the reason every voided code keeps; a void has one, an activation none
ALTER TABLE code_activation ADD COLUMN void_reason text;
ALTER TABLE code_activation ADD CONSTRAINT code_activation_void_reason CHECK ((action = 'VOID') = (void_reason IS NOT NULL));
